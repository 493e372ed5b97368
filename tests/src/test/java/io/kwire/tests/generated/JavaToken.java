package io.kwire.tests.generated;

/** One token of a Java source; {@code offset} lets the parser tell {@code >>} from {@code > >}. */
record JavaToken(Kind kind, String text, int line, int offset) {

  enum Kind { IDENT, NUMBER, STRING, CHAR, OP, EOF }

  boolean is(String s) {
    return (kind == Kind.OP || kind == Kind.IDENT) && text.equals(s);
  }

  boolean isIdent() {
    return kind == Kind.IDENT;
  }
}
