package io.kwire.tests.generated;

import java.util.Set;

/**
 * Names assigned anywhere in a method after their declaration: such a local is no longer the version
 * test it was initialised with, so the checker does not read it as one.
 */
final class AssignedNames {
  private AssignedNames() {
  }

  static void collect(Stmt s, Set<String> into) {
    if (s instanceof Stmt.Block b) {
      b.body().forEach(inner -> collect(inner, into));
    } else if (s instanceof Stmt.If i) {
      expr(i.condition(), into);
      collect(i.then(), into);
      if (i.otherwise() != null) {
        collect(i.otherwise(), into);
      }
    } else if (s instanceof Stmt.Loop l) {
      l.init().forEach(inner -> collect(inner, into));
      expr(l.condition(), into);
      l.update().forEach(u -> expr(u, into));
      collect(l.body(), into);
    } else if (s instanceof Stmt.Try t) {
      t.resources().forEach(inner -> collect(inner, into));
      collect(t.body(), into);
      t.catches().forEach(inner -> collect(inner, into));
      if (t.fin() != null) {
        collect(t.fin(), into);
      }
    } else if (s instanceof Stmt.Switch sw) {
      expr(sw.selector(), into);
      sw.body().forEach(inner -> collect(inner, into));
    } else if (s instanceof Stmt.Return r) {
      expr(r.value(), into);
    } else if (s instanceof Stmt.Throw t) {
      expr(t.value(), into);
    } else if (s instanceof Stmt.Jump j) {
      expr(j.value(), into);
    } else if (s instanceof Stmt.Local local) {
      expr(local.init(), into);
    } else if (s instanceof Stmt.ExprStmt e) {
      expr(e.expr(), into);
    }
  }

  private static void expr(Expr e, Set<String> into) {
    if (e == null) {
      return;
    }
    if (e instanceof Expr.Assign a && a.target() instanceof Expr.Name n) {
      into.add(n.id());
    }
    if (e instanceof Expr.Unary u && u.op().contains("++") || e instanceof Expr.Unary v && v.op().contains("--")) {
      if (((Expr.Unary) e).operand() instanceof Expr.Name n) {
        into.add(n.id());
      }
    }
    if (e instanceof Expr.Lambda lambda) {
      collect(lambda.body(), into);
    }
    ExprChildren.of(e).forEach(child -> expr(child, into));
  }
}
