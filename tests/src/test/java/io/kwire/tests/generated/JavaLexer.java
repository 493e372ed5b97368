package io.kwire.tests.generated;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits Java source into tokens, dropping comments. {@code >} is always a token of its own (never
 * {@code >>}) so that nested generic types close one bracket at a time; the parser joins adjacent ones
 * into shifts.
 */
final class JavaLexer {
  private static final String[] OPERATORS = {
    "<<=", "...", "->", "::", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "<<",
  };

  private final String src;
  private int pos;
  private int line = 1;

  private JavaLexer(String src) {
    this.src = src;
  }

  static List<JavaToken> tokens(String source) {
    return new JavaLexer(source).run();
  }

  private List<JavaToken> run() {
    List<JavaToken> out = new ArrayList<>();
    while (true) {
      skipBlanksAndComments();
      if (pos >= src.length()) {
        out.add(new JavaToken(JavaToken.Kind.EOF, "<end of file>", line, pos));
        return out;
      }
      int start = pos;
      int startLine = line;
      char c = src.charAt(pos);
      JavaToken.Kind kind;
      if (Character.isJavaIdentifierStart(c)) {
        while (pos < src.length() && Character.isJavaIdentifierPart(src.charAt(pos))) {
          pos++;
        }
        kind = JavaToken.Kind.IDENT;
      } else if (Character.isDigit(c) || (c == '.' && startsWithDigit(pos + 1))) {
        number();
        kind = JavaToken.Kind.NUMBER;
      } else if (src.startsWith("\"\"\"", pos)) {
        int end = src.indexOf("\"\"\"", pos + 3);
        if (end < 0) {
          throw new CodecParseException("unterminated text block", startLine);
        }
        advanceTo(end + 3);
        kind = JavaToken.Kind.STRING;
      } else if (c == '"' || c == '\'') {
        quoted(c, startLine);
        kind = c == '"' ? JavaToken.Kind.STRING : JavaToken.Kind.CHAR;
      } else {
        pos += operatorLength();
        kind = JavaToken.Kind.OP;
      }
      out.add(new JavaToken(kind, src.substring(start, pos), startLine, start));
    }
  }

  private boolean startsWithDigit(int at) {
    return at < src.length() && Character.isDigit(src.charAt(at));
  }

  private void skipBlanksAndComments() {
    while (pos < src.length()) {
      char c = src.charAt(pos);
      if (c == '\n') {
        line++;
        pos++;
      } else if (Character.isWhitespace(c)) {
        pos++;
      } else if (src.startsWith("//", pos)) {
        while (pos < src.length() && src.charAt(pos) != '\n') {
          pos++;
        }
      } else if (src.startsWith("/*", pos)) {
        int end = src.indexOf("*/", pos + 2);
        if (end < 0) {
          throw new CodecParseException("unterminated comment", line);
        }
        advanceTo(end + 2);
      } else {
        return;
      }
    }
  }

  private void advanceTo(int end) {
    for (; pos < end; pos++) {
      if (src.charAt(pos) == '\n') {
        line++;
      }
    }
  }

  private void number() {
    while (pos < src.length()) {
      char c = src.charAt(pos);
      boolean exponentSign = (c == '+' || c == '-') && "eEpP".indexOf(src.charAt(pos - 1)) >= 0
          && !src.startsWith("0x", pos - 1) && !isHex(pos);
      if (Character.isLetterOrDigit(c) || c == '_' || c == '.' || exponentSign) {
        pos++;
      } else {
        return;
      }
    }
  }

  private boolean isHex(int at) {
    int i = at;
    while (i > 0 && Character.isLetterOrDigit(src.charAt(i - 1))) {
      i--;
    }
    return src.startsWith("0x", i) || src.startsWith("0X", i);
  }

  private void quoted(char quote, int startLine) {
    pos++;
    while (pos < src.length() && src.charAt(pos) != quote) {
      if (src.charAt(pos) == '\n') {
        throw new CodecParseException("unterminated literal", startLine);
      }
      pos += src.charAt(pos) == '\\' ? 2 : 1;
    }
    if (pos >= src.length()) {
      throw new CodecParseException("unterminated literal", startLine);
    }
    pos++;
  }

  private int operatorLength() {
    for (String op : OPERATORS) {
      if (src.startsWith(op, pos)) {
        return op.length();
      }
    }
    return 1;
  }
}
