# {{jreleaserCreationStamp}}
# The release archive holds its own Java runtime and the start-up cache recorded for it; the launcher at its top
# finds both beside itself through the link Homebrew puts on the PATH.
class {{brewFormulaName}} < Formula
  desc "{{projectDescription}}"
  homepage "{{projectLinkHomepage}}"
  version "{{projectVersion}}"
  license "{{projectLicense}}"

  {{brewMultiPlatform}}

  def install
    libexec.install Dir["*"]
    bin.install_symlink libexec/"{{distributionExecutableName}}"
  end

  test do
    (testpath/".dbprint.yaml").write "connections:\n  check:\n    adapter: postgres\n"
    request = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",' \
              '"capabilities":{},"clientInfo":{"name":"brew","version":"1"}}}'
    output = pipe_output("#{bin}/{{distributionExecutableName}} --project #{testpath}", "#{request}\n")
    assert_match '"serverInfo"', output
  end
end
