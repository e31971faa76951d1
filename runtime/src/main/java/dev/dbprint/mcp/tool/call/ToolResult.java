package dev.dbprint.mcp.tool.call;

import com.fasterxml.jackson.core.SerializableString;

import dev.dbprint.mcp.paging.Reply;
import dev.dbprint.mcp.paging.Spelling;

/**
 * What a tool answers: the text a client receives, and whether it reports a fault (spec §8.2).
 *
 * @param json the text already spelled as a JSON string literal, or null: a page the reply cache keeps is escaped and
 *        encoded once and then copied into every reply that serves it
 * @param object whether the text is a JSON object, the tool's json form, which a revision that has them also returns as
 *        {@code structuredContent}
 */
public record ToolResult(String text, boolean isError, SerializableString json, boolean object) {

    public ToolResult(String text, boolean isError) {
        this(text, isError, null, false);
    }

    public static ToolResult ok(String text) {
        return new ToolResult(text, false);
    }

    /** A page of a paged reply, whose text comes with its JSON literal. */
    public static ToolResult ok(Reply reply) {
        return new ToolResult(reply.text(), false, reply.json(), false);
    }

    /** A page of a paged reply whose text is a JSON object. */
    public static ToolResult object(Reply reply) {
        return new ToolResult(reply.text(), false, reply.json(), true);
    }

    /** A page spelled as the caller asked: a JSON object when {@code spelling} is JSON's, else text. */
    public static ToolResult of(Reply reply, Spelling spelling) {
        return spelling == Spelling.JSON ? object(reply) : ok(reply);
    }

    public static ToolResult fault(String detail) {
        return new ToolResult(detail, true);
    }
}
