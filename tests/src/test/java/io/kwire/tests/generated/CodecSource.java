package io.kwire.tests.generated;

import java.util.List;
import java.util.Map;

/** A parsed generated codec: its methods, and the initialisers of its fields (constants among them). */
record CodecSource(String className, List<Method> methods, List<Expr> fieldInits, Map<String, Expr> constants) {

  /** A method, constructor or initializer block ({@code params} empty for the last). */
  record Method(String name, boolean isPrivate, List<String> params, Stmt.Block body, int line) {
    int paramIndex(String param) {
      return params.indexOf(param);
    }
  }
}
