package io.kwire.cli;

import io.kwire.runtime.explain.Region;
import io.kwire.runtime.explain.TreeText;
import io.kwire.runtime.explain.WireNode;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One frame as a self-contained XHTML page (inline CSS and script, nothing fetched): the bytes 16 per
 * row coloured by region, a legend, and the object tree; pointing at a node highlights its bytes,
 * pointing at a byte highlights the deepest node holding it. Well-formed XML, so tests parse it.
 */
final class HtmlPage {
  private static final Map<Region, String> COLOURS = Map.of(
      Region.FRAME, "#d9d9d9",
      Region.HEADER, "#ffe08a",
      Region.REQUEST_BODY, "#a8d5ff",
      Region.RESPONSE_BODY, "#b9f0b0",
      Region.RECORD_BATCH, "#f5b5c8",
      Region.RECORD, "#d7c2f5",
      Region.TAGGED_FIELDS, "#ffc48a");

  private static final String STYLE = """
      body { font-family: sans-serif; margin: 1em; }
      .view { display: flex; gap: 2em; align-items: flex-start; }
      table.bytes { border-collapse: collapse; font-family: monospace; }
      table.bytes th { font-weight: normal; color: #777; padding: 0 4px; }
      td.b { padding: 1px 3px; border: 1px solid #fff; cursor: default; }
      ul.tree, ul.tree ul { list-style: none; padding-left: 1.2em; margin: 0; font-family: monospace; white-space: nowrap; }
      ul.tree { padding-left: 0; }
      .node { padding: 0 2px; cursor: default; }
      .legend span { display: inline-block; padding: 2px 8px; margin-right: 6px; font-family: monospace; }
      .hl { outline: 2px solid #d00; background-image: linear-gradient(rgba(255,0,0,.25), rgba(255,0,0,.25)); }
      """;

  private static final String SCRIPT = """
      (function () {
        function clear() {
          document.querySelectorAll('.hl').forEach(function (e) { e.classList.remove('hl'); });
        }
        function mark(node) {
          node.classList.add('hl');
          var off = parseInt(node.getAttribute('data-off'), 10);
          var len = parseInt(node.getAttribute('data-len'), 10);
          for (var i = off; i !== off + len; i++) {
            var cell = document.getElementById('b' + i);
            if (cell) { cell.classList.add('hl'); }
          }
        }
        document.querySelectorAll('.node').forEach(function (node) {
          node.addEventListener('mouseenter', function () { clear(); mark(node); });
          node.addEventListener('mouseleave', clear);
        });
        document.querySelectorAll('td.b').forEach(function (cell) {
          cell.addEventListener('mouseenter', function () {
            clear();
            var node = document.getElementById(cell.getAttribute('data-node'));
            if (node) { mark(node); node.scrollIntoView({block: 'nearest'}); }
          });
          cell.addEventListener('mouseleave', clear);
        });
      })();
      """;

  private HtmlPage() {}

  static String render(String title, byte[] frame, WireNode root) {
    Map<WireNode, String> ids = new IdentityHashMap<>();
    number(root, ids);
    StringBuilder sb = new StringBuilder(16_384);
    sb.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
        .append("<meta charset=\"utf-8\"/>\n<title>").append(escape(title)).append("</title>\n<style>/*<![CDATA[*/\n")
        .append(STYLE);
    for (Region r : Region.values()) {
      sb.append('.').append(cssClass(r)).append(" { background: ").append(COLOURS.get(r)).append("; }\n");
    }
    sb.append("/*]]>*/</style>\n</head>\n<body>\n<h1>").append(escape(title)).append("</h1>\n<p>")
        .append(frame.length).append(" bytes, 16 per row</p>\n<div class=\"legend\">");
    for (Region r : Region.values()) {
      sb.append("<span class=\"").append(cssClass(r)).append("\">").append(escape(r.label())).append("</span>");
    }
    sb.append("</div>\n<div class=\"view\">\n");
    bytes(sb, frame, root, ids);
    sb.append("<ul class=\"tree\">\n");
    tree(sb, root, ids);
    sb.append("</ul>\n</div>\n<script>//<![CDATA[\n").append(SCRIPT).append("//]]></script>\n</body>\n</html>\n");
    return sb.toString();
  }

  private static void number(WireNode node, Map<WireNode, String> ids) {
    ids.put(node, "n" + ids.size());
    node.children().forEach(child -> number(child, ids));
  }

  private static void bytes(StringBuilder sb, byte[] frame, WireNode root, Map<WireNode, String> ids) {
    sb.append("<table class=\"bytes\">\n<thead><tr><th></th>");
    for (int c = 0; c < 16; c++) {
      sb.append("<th>").append(Integer.toHexString(c).toUpperCase(Locale.ROOT)).append("</th>");
    }
    sb.append("</tr></thead>\n<tbody>\n");
    for (int row = 0; row < frame.length; row += 16) {
      sb.append("<tr><th>").append(String.format("%04x", row)).append("</th>");
      for (int i = row; i < Math.min(row + 16, frame.length); i++) {
        WireNode owner = root.deepestAt(i);
        sb.append("<td id=\"b").append(i).append("\" class=\"b ").append(cssClass(owner.region()))
            .append("\" data-region=\"").append(escape(owner.region().label()))
            .append("\" data-node=\"").append(ids.get(owner)).append("\" title=\"")
            .append(escape(owner.name())).append(String.format(" @0x%04x", i)).append("\">")
            .append(owner.redacted() ? "**" : String.format("%02x", frame[i] & 0xFF)).append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</tbody>\n</table>\n");
  }

  private static void tree(StringBuilder sb, WireNode node, Map<WireNode, String> ids) {
    sb.append("<li><span class=\"node ").append(cssClass(node.region())).append("\" id=\"").append(ids.get(node))
        .append("\" data-off=\"").append(node.offset()).append("\" data-len=\"").append(node.size())
        .append("\" data-region=\"").append(escape(node.region().label())).append("\">")
        .append(escape(TreeText.label(node))).append("</span>");
    if (!node.isLeaf()) {
      sb.append("\n<ul>\n");
      for (WireNode child : node.children()) {
        tree(sb, child, ids);
      }
      sb.append("</ul>");
    }
    sb.append("</li>\n");
  }

  static String cssClass(Region region) {
    return "r-" + region.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  static String escape(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }
}
