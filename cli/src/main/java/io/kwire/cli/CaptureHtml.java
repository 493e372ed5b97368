package io.kwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.kwire.capture.Exchange;
import io.kwire.capture.ExchangeJson;
import io.kwire.json.JsonOptions;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;

/**
 * {@code kwire capture --html OUT}: one self-contained XHTML page (inline CSS, nothing fetched), one
 * collapsible entry per exchange (time, connection, client id, API, version, latency, sizes), its
 * JSON indented inside. Written as the exchanges come, so a long capture does not sit in memory.
 */
final class CaptureHtml implements AutoCloseable {
  private static final JsonFactory FACTORY = JsonFactory.builder().build();
  private static final String STYLE = """
      body { font-family: sans-serif; margin: 1em; }
      details { border-bottom: 1px solid #ddd; padding: 2px 0; }
      summary { font-family: monospace; cursor: pointer; white-space: pre; }
      summary .api { font-weight: bold; }
      summary .error { color: #b00; }
      pre { background: #f6f6f6; padding: 6px; margin: 4px 0 8px 2em; overflow-x: auto; }
      """;

  private final Writer out;
  private final JsonOptions options;
  private long exchanges;

  CaptureHtml(Writer out, String title, JsonOptions options) throws IOException {
    this.out = out;
    this.options = options;
    out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
        + "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><meta charset=\"UTF-8\"/><title>"
        + HtmlPage.escape(title) + "</title><style>" + STYLE + "</style></head><body>\n<h1>"
        + HtmlPage.escape(title) + "</h1>\n");
  }

  void add(Exchange exchange) throws IOException {
    exchanges++;
    StringBuilder summary = new StringBuilder();
    summary.append(exchange.requestTime()).append("  ").append(exchange.connection()).append("  ")
        .append(exchange.clientId() == null ? "-" : exchange.clientId()).append("  ");
    String latency = exchange.answered() ? exchange.latency().toNanos() / 1000 / 1000.0 + " ms" : "no response";
    out.write("<details><summary>" + HtmlPage.escape(summary.toString()) + "<span class=\"api\">"
        + HtmlPage.escape(exchange.api() + " v" + exchange.version()) + "</span>  " + HtmlPage.escape(latency)
        + "  " + exchange.requestSize() + (exchange.answered() ? "/" + exchange.responseSize() : "") + " bytes"
        + (exchange.errors().isEmpty() ? "" : "  <span class=\"error\">did not decode</span>") + "</summary><pre>");
    StringWriter json = new StringWriter();
    try (JsonGenerator generator = FACTORY.createGenerator(json)) {
      generator.useDefaultPrettyPrinter();
      ExchangeJson.write(exchange, generator, options);
    }
    out.write(HtmlPage.escape(json.toString()));
    out.write("</pre></details>\n");
  }

  @Override
  public void close() throws IOException {
    out.write("<p>" + exchanges + " exchange(s).</p>\n</body></html>\n");
    out.close();
  }
}
