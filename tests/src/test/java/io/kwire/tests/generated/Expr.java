package io.kwire.tests.generated;

import java.util.List;

/**
 * Expressions of generated code, as far as the checker needs them: version comparisons and the
 * boolean operators that combine them are explicit, everything else is kept only for what it contains.
 */
sealed interface Expr {
  int line();

  record Name(String id, int line) implements Expr {}

  record Literal(String text, JavaToken.Kind kind, int line) implements Expr {}

  record Paren(Expr inner, int line) implements Expr {}

  /** Prefix ({@code !x}, {@code -x}) and postfix ({@code x++} as op {@code "post++"}) operators. */
  record Unary(String op, Expr operand, int line) implements Expr {}

  record Cast(String type, Expr operand, int line) implements Expr {}

  record Binary(String op, Expr left, Expr right, int line) implements Expr {}

  record Conditional(Expr condition, Expr whenTrue, Expr whenFalse, int line) implements Expr {}

  record Assign(String op, Expr target, Expr value, int line) implements Expr {}

  /** A method call; {@code qualifier} is null for an unqualified call. */
  record Call(Expr qualifier, String name, List<Expr> args, int line) implements Expr {}

  record Member(Expr target, String name, int line) implements Expr {}

  record Index(Expr target, Expr index, int line) implements Expr {}

  /** {@code new T(args)} or {@code new T[n] / new T[] {elements}}: {@code parts} are all of them. */
  record New(String type, List<Expr> parts, int line) implements Expr {}

  record ArrayInit(List<Expr> elements, int line) implements Expr {}

  record MethodRef(Expr qualifier, String name, int line) implements Expr {}

  record Lambda(Stmt body, int line) implements Expr {}
}
