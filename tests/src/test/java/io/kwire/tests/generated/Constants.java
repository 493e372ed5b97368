package io.kwire.tests.generated;

/** The integer value of a constant expression: a literal, a cast or negation of one, or a static final. */
final class Constants {
  private static final int MAX_DEPTH = 16;

  private Constants() {
  }

  /** The value, or null when {@code e} is not an integer constant the checker can see. */
  static Integer intValue(Expr e, CodecSource codec, int depth) {
    if (depth > MAX_DEPTH) {
      return null;
    }
    if (e instanceof Expr.Literal lit && lit.kind() == JavaToken.Kind.NUMBER) {
      return parse(lit.text());
    }
    if (e instanceof Expr.Paren p) {
      return intValue(p.inner(), codec, depth + 1);
    }
    if (e instanceof Expr.Cast c && (c.type().equals("short") || c.type().equals("int") || c.type().equals("byte"))) {
      Integer inner = intValue(c.operand(), codec, depth + 1);
      if (inner == null) {
        return null;
      }
      return switch (c.type()) {
        case "short" -> (int) (short) (int) inner;
        case "byte" -> (int) (byte) (int) inner;
        default -> inner;
      };
    }
    if (e instanceof Expr.Unary u && (u.op().equals("-") || u.op().equals("+"))) {
      Integer inner = intValue(u.operand(), codec, depth + 1);
      return inner == null ? null : u.op().equals("-") ? -inner : inner;
    }
    String name = null;
    if (e instanceof Expr.Name n) {
      name = n.id();
    } else if (e instanceof Expr.Member m && m.target() instanceof Expr.Name owner
        && owner.id().equals(codec.className())) {
      name = m.name();
    }
    Expr bound = name == null ? null : codec.constants().get(name);
    return bound == null ? null : intValue(bound, codec, depth + 1);
  }

  private static Integer parse(String text) {
    String digits = text.replace("_", "");
    if (digits.endsWith("L") || digits.endsWith("l")) {
      digits = digits.substring(0, digits.length() - 1);
    }
    try {
      long value;
      if (digits.startsWith("0x") || digits.startsWith("0X")) {
        value = Long.parseLong(digits.substring(2), 16);
      } else if (digits.startsWith("0b") || digits.startsWith("0B")) {
        value = Long.parseLong(digits.substring(2), 2);
      } else {
        value = Long.parseLong(digits);
      }
      return value == (int) value ? (int) value : null;
    } catch (NumberFormatException notAnInteger) {
      return null;
    }
  }
}
