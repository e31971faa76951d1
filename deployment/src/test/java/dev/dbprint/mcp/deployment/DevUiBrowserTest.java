package dev.dbprint.mcp.deployment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import io.quarkus.test.QuarkusDevModeTest;

/**
 * The dbprint card's pages in a real headless Chromium, on the bundled sample print, as a person sees them: plain
 * labels on the Cache page, a tool's Markdown reply keeping its line breaks, and the reply in sight after a call with
 * the longest form. Each page's screenshot is left in {@code target/dev-ui-screenshots} (the README's images in
 * {@code docs/} are these). Skipped, saying so, where {@code chromium} and {@code chromedriver} are not installed.
 */
public class DevUiBrowserTest {

    static final int PORT = FreePort.forTheApplication();
    static final Path SAMPLE = Path.of("../src/sample").toAbsolutePath().normalize();
    static final Path SCREENSHOTS = Path.of("target/dev-ui-screenshots");
    /** Finds the first element matching a selector, through every shadow root (the Dev UI nests its pages in them). */
    static final String DEEP = "const deep = (sel, root) => { const hit = root.querySelector(sel); if (hit) return hit;"
            + " for (const el of root.querySelectorAll('*')) { if (el.shadowRoot) { const f = deep(sel, el.shadowRoot);"
            + " if (f) return f; } } return null; };";

    @RegisterExtension
    static final QuarkusDevModeTest APP = new QuarkusDevModeTest()
            .withApplicationRoot(jar -> jar.addClasses(FreePort.class)
                    .addAsResource(new StringAsset("dbprint.project=" + SAMPLE + "\n"
                            + "quarkus.banner.enabled=false\n"), "application.properties"));

    static ChromeDriver browser;

    @BeforeAll
    static void openBrowser() throws IOException {
        Optional<Path> chromium = onPath("chromium");
        Optional<Path> driver = onPath("chromedriver");
        assumeTrue(chromium.isPresent() && driver.isPresent(), "DevUiBrowserTest skipped: no chromium and chromedriver "
                + "on the PATH (Debian: apt-get install -y chromium chromium-driver)");
        ChromeOptions options = new ChromeOptions().setBinary(chromium.get().toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900");
        browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(driver.get().toFile()).build(),
                options);
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void pagesReadAsAPersonReadsThem() throws Exception {
        toolReplyKeepsItsLinesAndIsInSight();
        open("connections", "qwc-dbprint-connections", "vaadin-grid vaadin-button");
        script("[...deep('qwc-dbprint-connections', document).shadowRoot.querySelectorAll('vaadin-grid vaadin-button')]"
                + ".find(b => b.textContent.trim() === 'Tables').click();");
        waitFor("return [...deep('qwc-dbprint-connections', document).shadowRoot.querySelectorAll('h3')]"
                + ".some(h => h.textContent.includes('table(s)'));");
        screenshot("connections");
        open("resources", "qwc-dbprint-resources", "vaadin-button");
        screenshot("resources");
        cachePageUsesPlainLabels(); // last, when the calls above have given its counters something to count
    }

    private void cachePageUsesPlainLabels() throws Exception {
        open("cache", "qwc-dbprint-cache", "table");
        @SuppressWarnings("unchecked")
        List<String> labels = (List<String>) script("return [...deep('qwc-dbprint-cache', document).shadowRoot"
                + ".querySelectorAll('td:first-child')].map(td => td.textContent)");
        assertTrue(labels.containsAll(List.of("files cached", "parses", "cache hits", "identity checks")), labels.toString());
        assertEquals(List.of(), labels.stream().filter(l -> l.matches(".*\\b[a-z]+[A-Z].*")).toList(), "raw field names");
        screenshot("cache");
    }

    private void toolReplyKeepsItsLinesAndIsInSight() throws Exception {
        open("tools", "qwc-dbprint-tools", "vaadin-button");
        script("const tools = deep('qwc-dbprint-tools', document).shadowRoot;"
                + "[...tools.querySelectorAll('.list vaadin-button')].find(b => b.textContent.trim() === 'get_table_context')"
                + ".click();");
        waitFor("const f = deep('qwc-dbprint-tools', document).shadowRoot.querySelector('vaadin-text-field');"
                + "return f != null && f.label.startsWith('table');");
        script("const tools = deep('qwc-dbprint-tools', document).shadowRoot;"
                + "const table = tools.querySelector('vaadin-text-field'); table.value = 'rental.ride';"
                + "table.dispatchEvent(new Event('input'));"
                + "[...tools.querySelectorAll('vaadin-button')].find(b => b.textContent.trim() === 'Call').click();");
        waitFor("const m = deep('qwc-dbprint-tools', document).shadowRoot.querySelector('.result qwc-dbprint-markdown');"
                + "return m != null && m.shadowRoot != null && m.shadowRoot.querySelector('.md') != null;");

        String text = (String) script("return deep('qwc-dbprint-tools', document).shadowRoot"
                + ".querySelector('.result qwc-dbprint-markdown').shadowRoot.querySelector('.md').innerText");
        List<String> lines = text.lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.contains("profiled at 20")), text);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("Scope: ")), text);
        assertFalse(lines.stream().anyMatch(l -> l.contains("profiled at") && l.contains("Scope:")), text);

        Number top = (Number) script("return deep('qwc-dbprint-tools', document).shadowRoot"
                + ".querySelector('.result qwc-dbprint-markdown').getBoundingClientRect().top");
        Number height = (Number) script("return window.innerHeight");
        assertTrue(top.doubleValue() >= 0 && top.doubleValue() < height.doubleValue() - 100,
                "the reply starts at " + top + " px in a window " + height + " px high");
        screenshot("tools");
    }

    /** Opens a page of the card and waits until its component has rendered {@code shown}. */
    private void open(String page, String component, String shown) throws InterruptedException {
        browser.get("http://localhost:" + PORT + "/q/dev-ui/dbprint-mcp/" + page);
        waitFor("const c = deep('" + component + "', document);"
                + "return c != null && c.shadowRoot != null && c.shadowRoot.querySelector('" + shown + "') != null;");
    }

    private void waitFor(String condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Boolean.TRUE.equals(script(condition))) {
            assertTrue(System.nanoTime() < deadline, "not within 60 s: " + condition);
            Thread.sleep(200);
        }
    }

    private Object script(String body) {
        return ((JavascriptExecutor) browser).executeScript(DEEP + body);
    }

    private void screenshot(String page) throws IOException {
        // the Dev UI's own toasts (on a machine without network, that the extension registry is out of reach)
        script("document.querySelectorAll('vaadin-notification-container').forEach(c => c.remove());");
        Files.write(SCREENSHOTS.resolve("dev-ui-" + page + ".png"),
                ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    private static Optional<Path> onPath(String command) throws IOException {
        try (Stream<String> dirs = Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))) {
            return dirs.map(d -> Path.of(d, command)).filter(Files::isExecutable).findFirst();
        }
    }
}
