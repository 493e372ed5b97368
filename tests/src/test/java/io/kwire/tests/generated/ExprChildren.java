package io.kwire.tests.generated;

import java.util.ArrayList;
import java.util.List;

/** The direct sub-expressions of an expression, in evaluation order (a lambda's body is not one). */
final class ExprChildren {
  private ExprChildren() {
  }

  static List<Expr> of(Expr e) {
    if (e instanceof Expr.Paren x) {
      return List.of(x.inner());
    }
    if (e instanceof Expr.Unary x) {
      return List.of(x.operand());
    }
    if (e instanceof Expr.Cast x) {
      return List.of(x.operand());
    }
    if (e instanceof Expr.Binary x) {
      return List.of(x.left(), x.right());
    }
    if (e instanceof Expr.Conditional x) {
      return List.of(x.condition(), x.whenTrue(), x.whenFalse());
    }
    if (e instanceof Expr.Assign x) {
      return List.of(x.target(), x.value());
    }
    if (e instanceof Expr.Call x) {
      List<Expr> all = new ArrayList<>();
      if (x.qualifier() != null) {
        all.add(x.qualifier());
      }
      all.addAll(x.args());
      return all;
    }
    if (e instanceof Expr.Member x) {
      return List.of(x.target());
    }
    if (e instanceof Expr.Index x) {
      return List.of(x.target(), x.index());
    }
    if (e instanceof Expr.New x) {
      return x.parts();
    }
    if (e instanceof Expr.ArrayInit x) {
      return x.elements();
    }
    if (e instanceof Expr.MethodRef x) {
      return List.of(x.qualifier());
    }
    return List.of();
  }
}
