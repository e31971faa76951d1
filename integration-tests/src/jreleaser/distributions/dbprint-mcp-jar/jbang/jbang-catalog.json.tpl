{
  "aliases": {
    "{{jbangAliasName}}": {
      "script-ref": "https://github.com/{{repoOwner}}/{{repoName}}/releases/download/v{{projectVersion}}/dbprint-mcp-{{projectVersion}}-runner.jar",
      "description": "{{projectDescription}}",
      "java-options": ["--add-opens=java.base/sun.nio.fs=ALL-UNNAMED"]
    }
  }
}
