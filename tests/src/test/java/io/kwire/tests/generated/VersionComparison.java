package io.kwire.tests.generated;

import java.util.function.Function;
import java.util.function.Predicate;

/** A comparison of {@code version} with a constant, turned so that {@code version} is on the left. */
record VersionComparison(String op, int value, int line, String text) {

  /** The test {@code b} is, or null when it does not compare {@code version} with a constant. */
  static VersionComparison of(Expr.Binary b, Predicate<Expr> isVersion, Function<Expr, Integer> constant) {
    if (!isComparison(b.op())) {
      return null;
    }
    String text = render(b.left()) + " " + b.op() + " " + render(b.right());
    if (isVersion.test(b.left())) {
      Integer value = constant.apply(b.right());
      return value == null ? null : new VersionComparison(b.op(), value, b.line(), text);
    }
    if (isVersion.test(b.right())) {
      Integer value = constant.apply(b.left());
      return value == null ? null : new VersionComparison(mirror(b.op()), value, b.line(), text);
    }
    return null;
  }

  static boolean isComparison(String op) {
    return switch (op) {
      case ">=", ">", "<=", "<", "==", "!=" -> true;
      default -> false;
    };
  }

  /** {@code a op b} is {@code b mirror(op) a}. */
  static String mirror(String op) {
    return switch (op) {
      case ">=" -> "<=";
      case ">" -> "<";
      case "<=" -> ">=";
      case "<" -> ">";
      default -> op;
    };
  }

  /** {@code !(a op b)} is {@code a negate(op) b}. */
  static String negate(String op) {
    return switch (op) {
      case ">=" -> "<";
      case ">" -> "<=";
      case "<=" -> ">";
      case "<" -> ">=";
      case "==" -> "!=";
      case "!=" -> "==";
      default -> throw new IllegalArgumentException(op);
    };
  }

  /** Whether {@code e} is built only of version tests, so that a local bound to it is one. */
  static boolean isPure(Expr e, Predicate<Expr> isVersion, Function<Expr, Integer> constant) {
    if (e instanceof Expr.Paren p) {
      return isPure(p.inner(), isVersion, constant);
    }
    if (e instanceof Expr.Unary u && u.op().equals("!")) {
      return isPure(u.operand(), isVersion, constant);
    }
    if (e instanceof Expr.Binary b && (b.op().equals("&&") || b.op().equals("||"))) {
      return isPure(b.left(), isVersion, constant) && isPure(b.right(), isVersion, constant);
    }
    return e instanceof Expr.Binary b && of(b, isVersion, constant) != null;
  }

  /** Source-like text of the simple expressions found in version tests. */
  static String render(Expr e) {
    if (e instanceof Expr.Name n) {
      return n.id();
    }
    if (e instanceof Expr.Literal l) {
      return l.text();
    }
    if (e instanceof Expr.Paren p) {
      return "(" + render(p.inner()) + ")";
    }
    if (e instanceof Expr.Cast c) {
      return "(" + c.type() + ") " + render(c.operand());
    }
    if (e instanceof Expr.Unary u && !u.op().startsWith("post")) {
      return u.op() + render(u.operand());
    }
    if (e instanceof Expr.Member m) {
      return render(m.target()) + "." + m.name();
    }
    if (e instanceof Expr.Binary b) {
      return render(b.left()) + " " + b.op() + " " + render(b.right());
    }
    return "...";
  }
}
