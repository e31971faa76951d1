{
  "aliases": {
    "{{jbangAliasName}}": {
      "script-ref": "{{distributionUrl}}",
      "description": "{{projectDescription}}"
    }
  }
}
