#!/usr/bin/env python3
"""Extracts the statements of sqlglot's dialect tests for ReaderComparison (docs/sql-reader.md).

usage: sqlglot-statements.py SQLGLOT_CHECKOUT OUT_DIR

For each of check_sql's eight dialects, reads tests/dialects/test_<dialect>.py and writes OUT_DIR/<dialect>.jsonl:
one JSON string per line, the first argument of every self.validate_identity(...) and self.validate_all(...) call
that is a string constant and starts as a query or DML statement does (SELECT, WITH, FROM, INSERT, UPDATE, DELETE,
MERGE, or a parenthesis). The statements are sqlglot's authors' (MIT licence): keep them out of this repository.
"""
import ast
import json
import pathlib
import re
import sys

DIALECTS = ["postgres", "mysql", "duckdb", "clickhouse", "redshift", "snowflake", "databricks", "bigquery"]
STATEMENT = re.compile(r"^\s*(\(|SELECT\b|WITH\b|FROM\b|INSERT\b|UPDATE\b|DELETE\b|MERGE\b)", re.IGNORECASE)


def statements(test_file):
    tree = ast.parse(test_file.read_text(encoding="utf-8"))
    seen = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("validate_identity", "validate_all") and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            sql = node.args[0].value
            if STATEMENT.match(sql) and sql not in seen:
                seen.append(sql)
    return seen


def main():
    checkout, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for dialect in DIALECTS:
        found = statements(checkout / "tests" / "dialects" / f"test_{dialect}.py")
        with open(out / f"{dialect}.jsonl", "w", encoding="utf-8") as f:
            for sql in found:
                f.write(json.dumps(sql) + "\n")
        print(f"{dialect}: {len(found)} statements")


if __name__ == "__main__":
    main()
