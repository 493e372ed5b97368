package io.kwire.tests.generated;

import java.util.List;

/** Statements of generated code, reduced to what decides which versions reach a point. */
sealed interface Stmt {

  record Block(List<Stmt> body) implements Stmt {}

  /** {@code otherwise} is null without an {@code else}. */
  record If(Expr condition, Stmt then, Stmt otherwise) implements Stmt {}

  /** for, enhanced for, while and do; {@code condition} is null when there is none. */
  record Loop(List<Stmt> init, Expr condition, List<Expr> update, Stmt body) implements Stmt {}

  /** {@code fin} is null without {@code finally}. */
  record Try(List<Stmt> resources, Block body, List<Block> catches, Block fin) implements Stmt {}

  /** The body's {@link Case} markers are where control enters from the selector. */
  record Switch(Expr selector, List<Stmt> body) implements Stmt {}

  record Case(List<Expr> labels) implements Stmt {}

  /** {@code value} is null for a bare return. */
  record Return(Expr value) implements Stmt {}

  record Throw(Expr value) implements Stmt {}

  /** break, continue and yield: nothing after them in the block runs. */
  record Jump(Expr value) implements Stmt {}

  /** A local variable; {@code init} is null when it has none. */
  record Local(String name, Expr init, int line) implements Stmt {}

  record ExprStmt(Expr expr) implements Stmt {}

  record Empty() implements Stmt {}
}
