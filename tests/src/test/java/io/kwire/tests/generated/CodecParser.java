package io.kwire.tests.generated;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A recursive-descent parser for the Java that kwire generates: classes with fields, methods and
 * nested types; blocks, if/else, loops, try, switch; full expression precedence. Anything outside it
 * (anonymous classes, local types, switch expressions) is refused with a {@link CodecParseException}
 * instead of being skipped, so no version test can hide from the checker.
 */
final class CodecParser {
  private static final Set<String> MODIFIERS = Set.of("public", "protected", "private", "static", "final",
      "abstract", "synchronized", "native", "transient", "volatile", "strictfp", "default", "sealed",
      "non-sealed");
  private static final Set<String> TYPE_KINDS = Set.of("class", "interface", "enum", "record");
  private static final Set<String> PRIMITIVES = Set.of("byte", "short", "char", "int", "long", "float",
      "double", "boolean", "void");
  private static final Set<String> ASSIGNMENT_OPS = Set.of("=", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
      "^=", "<<=");
  private static final Map<String, Integer> PRECEDENCE = Map.ofEntries(
      Map.entry("||", 1), Map.entry("&&", 2), Map.entry("|", 3), Map.entry("^", 4), Map.entry("&", 5),
      Map.entry("==", 6), Map.entry("!=", 6), Map.entry("<", 7), Map.entry(">", 7), Map.entry("<=", 7),
      Map.entry(">=", 7), Map.entry("instanceof", 7), Map.entry("<<", 8), Map.entry(">>", 8),
      Map.entry(">>>", 8), Map.entry("+", 9), Map.entry("-", 9), Map.entry("*", 10), Map.entry("/", 10),
      Map.entry("%", 10));

  private final List<JavaToken> toks;
  private int p;
  private String className;
  private final List<CodecSource.Method> methods = new ArrayList<>();
  private final List<Expr> fieldInits = new ArrayList<>();
  private final Map<String, Expr> constants = new LinkedHashMap<>();

  private CodecParser(List<JavaToken> toks) {
    this.toks = toks;
  }

  static CodecSource parse(String source) {
    CodecParser parser = new CodecParser(JavaLexer.tokens(source));
    parser.compilationUnit();
    return new CodecSource(parser.className, List.copyOf(parser.methods), List.copyOf(parser.fieldInits),
        Map.copyOf(parser.constants));
  }

  // ---- tokens

  private JavaToken peek() {
    return peek(0);
  }

  private JavaToken peek(int k) {
    return toks.get(Math.min(p + k, toks.size() - 1));
  }

  private JavaToken next() {
    JavaToken t = peek();
    if (t.kind() != JavaToken.Kind.EOF) {
      p++;
    }
    return t;
  }

  private boolean at(String s) {
    return peek().is(s);
  }

  private boolean accept(String s) {
    if (at(s)) {
      p++;
      return true;
    }
    return false;
  }

  private void expect(String s) {
    if (!accept(s)) {
      throw error("expected '" + s + "'");
    }
  }

  private String ident() {
    if (!peek().isIdent()) {
      throw error("expected a name");
    }
    return next().text();
  }

  private CodecParseException error(String message) {
    return new CodecParseException(message + " at '" + peek().text() + "'", peek().line());
  }

  /** Two tokens written with nothing between them, as the two halves of {@code >>}. */
  private boolean adjacent(int k) {
    JavaToken a = peek(k);
    JavaToken b = peek(k + 1);
    return b.offset() == a.offset() + a.text().length();
  }

  // ---- declarations

  private void compilationUnit() {
    while (peek().kind() != JavaToken.Kind.EOF) {
      if (accept("package") || accept("import")) {
        while (!accept(";")) {
          next();
        }
      } else if (!accept(";")) {
        modifiers();
        typeDeclaration();
      }
    }
    if (className == null) {
      throw new CodecParseException("no class in the source", 1);
    }
  }

  /** Skips annotations and modifiers; tells whether {@code private} was among them. */
  private Flags modifiers() {
    boolean isPrivate = false;
    boolean isStatic = false;
    boolean isFinal = false;
    while (true) {
      if (at("@") && !peek(1).is("interface")) {
        p++;
        ident();
        while (accept(".")) {
          ident();
        }
        if (at("(")) {
          skipBalanced("(", ")");
        }
      } else if (peek().isIdent() && MODIFIERS.contains(peek().text())) {
        String m = next().text();
        isPrivate |= m.equals("private");
        isStatic |= m.equals("static");
        isFinal |= m.equals("final");
      } else {
        return new Flags(isPrivate, isStatic, isFinal);
      }
    }
  }

  private record Flags(boolean isPrivate, boolean isStatic, boolean isFinal) {}

  private void typeDeclaration() {
    String kind = next().text();
    if (!TYPE_KINDS.contains(kind)) {
      throw error("expected a type declaration");
    }
    String name = ident();
    if (className == null) {
      className = name;
    }
    while (!at("{")) {
      if (at("(")) {
        skipBalanced("(", ")");
      } else if (next().kind() == JavaToken.Kind.EOF) {
        throw error("expected a class body");
      }
    }
    if (kind.equals("enum")) {
      throw error("enums are not supported");
    }
    classBody();
  }

  private void classBody() {
    expect("{");
    while (!accept("}")) {
      member();
    }
  }

  private void member() {
    if (accept(";")) {
      return;
    }
    int line = peek().line();
    if (at("{") || (at("static") && peek(1).is("{"))) {
      accept("static");
      methods.add(new CodecSource.Method("<initializer>", false, List.of(), block(), line));
      return;
    }
    Flags flags = modifiers();
    if (TYPE_KINDS.contains(peek().text()) && peek(1).isIdent()) {
      typeDeclaration();
      return;
    }
    if (at("<")) {
      typeArgs();
    }
    line = peek().line();
    if (peek().isIdent() && peek(1).is("(")) {
      String name = ident();
      method(name, flags, line);
      return;
    }
    type();
    String name = ident();
    if (at("(")) {
      method(name, flags, line);
    } else {
      field(name, flags);
    }
  }

  private void method(String name, Flags flags, int line) {
    List<String> params = new ArrayList<>();
    expect("(");
    while (!accept(")")) {
      modifiers();
      type();
      accept("...");
      params.add(ident());
      dims();
      accept(",");
    }
    while (!at("{") && !at(";")) {
      if (next().kind() == JavaToken.Kind.EOF) {
        throw error("expected a method body");
      }
    }
    if (accept(";")) {
      return;
    }
    methods.add(new CodecSource.Method(name, flags.isPrivate(), List.copyOf(params), block(), line));
  }

  private void field(String firstName, Flags flags) {
    String name = firstName;
    while (true) {
      dims();
      if (accept("=")) {
        Expr init = variableInit();
        fieldInits.add(init);
        if (flags.isStatic() && flags.isFinal()) {
          constants.put(name, init);
        }
      }
      if (!accept(",")) {
        break;
      }
      name = ident();
    }
    expect(";");
  }

  private Expr variableInit() {
    return at("{") ? arrayInit() : expression();
  }

  private Expr arrayInit() {
    int line = peek().line();
    expect("{");
    List<Expr> elements = new ArrayList<>();
    while (!accept("}")) {
      elements.add(variableInit());
      if (!at("}")) {
        expect(",");
      }
    }
    return new Expr.ArrayInit(List.copyOf(elements), line);
  }

  private void dims() {
    while (at("[") && peek(1).is("]")) {
      p += 2;
    }
  }

  private void skipBalanced(String open, String close) {
    int depth = 0;
    do {
      JavaToken t = next();
      if (t.kind() == JavaToken.Kind.EOF) {
        throw error("unbalanced '" + open + "'");
      }
      if (t.is(open)) {
        depth++;
      } else if (t.is(close)) {
        depth--;
      }
    } while (depth > 0);
  }

  /** A type: qualified name, type arguments, array dimensions; returns its text. */
  private String type() {
    StringBuilder text = new StringBuilder(ident());
    int from = p;
    if (at("<")) {
      typeArgs();
    }
    while (at(".") && peek(1).isIdent()) {
      p++;
      text.append('.').append(ident());
      if (at("<")) {
        typeArgs();
      }
    }
    if (p != from && text.indexOf(".") < 0) {
      text.append("<>");
    }
    while (at("[") && peek(1).is("]")) {
      p += 2;
      text.append("[]");
    }
    return text.toString();
  }

  private void typeArgs() {
    expect("<");
    int depth = 1;
    while (depth > 0) {
      JavaToken t = next();
      if (t.is("<")) {
        depth++;
      } else if (t.is(">")) {
        depth--;
      } else if (!(t.isIdent() || t.is(".") || t.is(",") || t.is("?") || t.is("&") || t.is("[")
          || t.is("]") || t.is("@"))) {
        throw new CodecParseException("not a type argument: '" + t.text() + "'", t.line());
      }
    }
  }

  /** Parses a type if one starts here, else leaves the position alone. */
  private boolean tryType() {
    int save = p;
    try {
      type();
      return true;
    } catch (CodecParseException e) {
      p = save;
      return false;
    }
  }

  // ---- statements

  private Stmt.Block block() {
    expect("{");
    List<Stmt> body = new ArrayList<>();
    while (!accept("}")) {
      if (peek().kind() == JavaToken.Kind.EOF) {
        throw error("unclosed block");
      }
      body.add(statement());
    }
    return new Stmt.Block(List.copyOf(body));
  }

  private Stmt statement() {
    JavaToken t = peek();
    if (t.is("{")) {
      return block();
    }
    if (accept(";")) {
      return new Stmt.Empty();
    }
    if (t.isIdent()) {
      switch (t.text()) {
        case "if" -> {
          p++;
          Expr condition = parenthesized();
          Stmt then = statement();
          return new Stmt.If(condition, then, accept("else") ? statement() : null);
        }
        case "for" -> {
          return forStatement();
        }
        case "while" -> {
          p++;
          Expr condition = parenthesized();
          return new Stmt.Loop(List.of(), condition, List.of(), statement());
        }
        case "do" -> {
          p++;
          Stmt body = statement();
          expect("while");
          Expr condition = parenthesized();
          expect(";");
          // the body runs once before the condition is tested: it does not narrow the body
          return new Stmt.Loop(List.of(), null, List.of(condition), body);
        }
        case "try" -> {
          return tryStatement();
        }
        case "switch" -> {
          return switchStatement();
        }
        case "return" -> {
          p++;
          Expr value = at(";") ? null : expression();
          expect(";");
          return new Stmt.Return(value);
        }
        case "throw" -> {
          p++;
          Expr value = expression();
          expect(";");
          return new Stmt.Throw(value);
        }
        case "break", "continue" -> {
          p++;
          if (peek().isIdent()) {
            p++;
          }
          expect(";");
          return new Stmt.Jump(null);
        }
        case "synchronized" -> {
          p++;
          Expr lock = parenthesized();
          return new Stmt.Block(List.of(new Stmt.ExprStmt(lock), block()));
        }
        case "assert" -> {
          p++;
          List<Expr> parts = new ArrayList<>();
          parts.add(expression());
          if (accept(":")) {
            parts.add(expression());
          }
          expect(";");
          return new Stmt.ExprStmt(new Expr.New("assert", List.copyOf(parts), t.line()));
        }
        default -> {
          // a local type, a label, yield, a declaration or an expression: decided below
        }
      }
      if (TYPE_KINDS.contains(t.text()) && peek(1).isIdent()) {
        throw error("local types are not supported");
      }
      if (peek(1).is(":")) {
        p += 2;
        return statement();
      }
      if (t.is("yield") && !peek(1).is("=") && !peek(1).is(".") && !peek(1).is("(")) {
        p++;
        Expr value = expression();
        expect(";");
        return new Stmt.Jump(value);
      }
    }
    if (at("final") || at("@") || looksLikeDeclaration()) {
      Stmt declaration = localDeclaration();
      expect(";");
      return declaration;
    }
    Expr e = expression();
    expect(";");
    return new Stmt.ExprStmt(e);
  }

  private Expr parenthesized() {
    expect("(");
    Expr e = expression();
    expect(")");
    return e;
  }

  private boolean looksLikeDeclaration() {
    if (!peek().isIdent()) {
      return false;
    }
    int save = p;
    boolean declaration = tryType() && peek().isIdent()
        && (peek(1).is("=") || peek(1).is(";") || peek(1).is(",") || peek(1).is("[") || peek(1).is(":"));
    p = save;
    return declaration;
  }

  /** One or more declarators, without the closing semicolon. */
  private Stmt localDeclaration() {
    modifiers();
    type();
    List<Stmt> locals = new ArrayList<>();
    do {
      int line = peek().line();
      String name = ident();
      dims();
      Expr init = accept("=") ? variableInit() : null;
      locals.add(new Stmt.Local(name, init, line));
    } while (accept(","));
    return locals.size() == 1 ? locals.get(0) : new Stmt.Block(List.copyOf(locals));
  }

  private Stmt forStatement() {
    expect("for");
    expect("(");
    int save = p;
    modifiers();
    if (tryType() && peek().isIdent() && peek(1).is(":")) {
      int line = peek().line();
      String name = ident();
      expect(":");
      Expr iterable = expression();
      expect(")");
      Stmt element = new Stmt.Local(name, null, line);
      return new Stmt.Loop(List.of(new Stmt.ExprStmt(iterable)), null, List.of(),
          new Stmt.Block(List.of(element, statement())));
    }
    p = save;
    List<Stmt> init = new ArrayList<>();
    if (!at(";")) {
      if (at("final") || at("@") || looksLikeDeclaration()) {
        init.add(localDeclaration());
      } else {
        do {
          init.add(new Stmt.ExprStmt(expression()));
        } while (accept(","));
      }
    }
    expect(";");
    Expr condition = at(";") ? null : expression();
    expect(";");
    List<Expr> update = new ArrayList<>();
    if (!at(")")) {
      do {
        update.add(expression());
      } while (accept(","));
    }
    expect(")");
    return new Stmt.Loop(List.copyOf(init), condition, List.copyOf(update), statement());
  }

  private Stmt tryStatement() {
    expect("try");
    List<Stmt> resources = new ArrayList<>();
    if (accept("(")) {
      while (!accept(")")) {
        if (at("final") || at("@") || looksLikeDeclaration()) {
          resources.add(localDeclaration());
        } else {
          resources.add(new Stmt.ExprStmt(expression()));
        }
        accept(";");
      }
    }
    Stmt.Block body = block();
    List<Stmt.Block> catches = new ArrayList<>();
    while (accept("catch")) {
      expect("(");
      modifiers();
      type();
      while (accept("|")) {
        type();
      }
      ident();
      expect(")");
      catches.add(block());
    }
    Stmt.Block fin = accept("finally") ? block() : null;
    if (catches.isEmpty() && fin == null && resources.isEmpty()) {
      throw error("try without catch or finally");
    }
    return new Stmt.Try(List.copyOf(resources), body, List.copyOf(catches), fin);
  }

  private Stmt switchStatement() {
    expect("switch");
    Expr selector = parenthesized();
    expect("{");
    List<Stmt> body = new ArrayList<>();
    while (!accept("}")) {
      if (at("case") || at("default")) {
        List<Expr> labels = new ArrayList<>();
        if (accept("case")) {
          do {
            labels.add(ternary());
          } while (accept(","));
        } else {
          p++;
        }
        body.add(new Stmt.Case(List.copyOf(labels)));
        if (accept("->")) {
          if (at("{") || at("throw")) {
            body.add(statement());
          } else {
            body.add(new Stmt.ExprStmt(expression()));
            expect(";");
          }
          body.add(new Stmt.Jump(null));
        } else {
          expect(":");
        }
      } else if (peek().kind() == JavaToken.Kind.EOF) {
        throw error("unclosed switch");
      } else {
        body.add(statement());
      }
    }
    return new Stmt.Switch(selector, List.copyOf(body));
  }

  // ---- expressions

  private Expr expression() {
    if (lambdaAhead()) {
      return lambda();
    }
    int line = peek().line();
    Expr target = ternary();
    String op = assignmentOpAhead();
    if (op == null) {
      return target;
    }
    return new Expr.Assign(op, target, expression(), line);
  }

  /** An assignment operator here (consumed), {@code >>=} and {@code >>>=} rebuilt from their tokens. */
  private String assignmentOpAhead() {
    if (peek().kind() == JavaToken.Kind.OP && ASSIGNMENT_OPS.contains(peek().text())) {
      return next().text();
    }
    if (at(">") && adjacent(0)) {
      if (peek(1).is(">=")) {
        p += 2;
        return ">>=";
      }
      if (peek(1).is(">") && adjacent(1) && peek(2).is(">=")) {
        p += 3;
        return ">>>=";
      }
    }
    return null;
  }

  private boolean lambdaAhead() {
    if (peek().isIdent() && peek(1).is("->")) {
      return true;
    }
    if (!at("(")) {
      return false;
    }
    int depth = 0;
    for (int k = 0; ; k++) {
      JavaToken t = peek(k);
      if (t.kind() == JavaToken.Kind.EOF) {
        return false;
      }
      if (t.is("(")) {
        depth++;
      } else if (t.is(")") && --depth == 0) {
        return peek(k + 1).is("->");
      }
    }
  }

  private Expr lambda() {
    int line = peek().line();
    if (at("(")) {
      skipBalanced("(", ")");
    } else {
      p++;
    }
    expect("->");
    Stmt body = at("{") ? block() : new Stmt.ExprStmt(expression());
    return new Expr.Lambda(body, line);
  }

  private Expr ternary() {
    int line = peek().line();
    Expr condition = binary(1);
    if (!accept("?")) {
      return condition;
    }
    Expr whenTrue = expression();
    expect(":");
    Expr whenFalse = lambdaAhead() ? lambda() : ternary();
    return new Expr.Conditional(condition, whenTrue, whenFalse, line);
  }

  private Expr binary(int minPrecedence) {
    Expr left = unary();
    while (true) {
      int line = peek().line();
      String op = binaryOpAhead();
      if (op == null || PRECEDENCE.get(op) < minPrecedence) {
        return left;
      }
      p += op.startsWith(">>") ? op.length() : 1;
      if (op.equals("instanceof")) {
        accept("final");
        String type = type();
        if (peek().isIdent() && !PRECEDENCE.containsKey(peek().text())) {
          p++;
        }
        left = new Expr.Binary(op, left, new Expr.Name(type, line), line);
      } else {
        left = new Expr.Binary(op, left, binary(PRECEDENCE.get(op) + 1), line);
      }
    }
  }

  private String binaryOpAhead() {
    JavaToken t = peek();
    if (t.is(">") && adjacent(0) && peek(1).is(">")) {
      if (adjacent(1) && peek(2).is(">")) {
        return adjacent(2) && (peek(3).is(">=") || peek(3).is("=")) ? null : ">>>";
      }
      return adjacent(1) && (peek(2).is(">=") || peek(2).is("=")) ? null : ">>";
    }
    if (t.is(">") && adjacent(0) && peek(1).is(">=")) {
      return null;
    }
    if ((t.kind() == JavaToken.Kind.OP || t.is("instanceof")) && PRECEDENCE.containsKey(t.text())) {
      return t.text();
    }
    return null;
  }

  private Expr unary() {
    JavaToken t = peek();
    if (t.kind() == JavaToken.Kind.OP
        && (t.is("!") || t.is("-") || t.is("+") || t.is("~") || t.is("++") || t.is("--"))) {
      p++;
      return new Expr.Unary(t.text(), unary(), t.line());
    }
    if (t.is("(") && castAhead()) {
      p++;
      String type = type();
      expect(")");
      return new Expr.Cast(type, unary(), t.line());
    }
    return postfix(primary());
  }

  /** A parenthesised type followed by what a cast applies to (never {@code +} or {@code -}). */
  private boolean castAhead() {
    int save = p;
    p++;
    boolean cast = false;
    if (peek().isIdent()) {
      boolean primitive = PRIMITIVES.contains(peek().text());
      if (tryType() && at(")")) {
        JavaToken after = peek(1);
        cast = primitive
            || (after.isIdent() && !PRECEDENCE.containsKey(after.text()))
            || after.kind() == JavaToken.Kind.NUMBER || after.kind() == JavaToken.Kind.STRING
            || after.kind() == JavaToken.Kind.CHAR || after.is("(") || after.is("!") || after.is("~");
      }
    }
    p = save;
    return cast;
  }

  private Expr primary() {
    JavaToken t = next();
    switch (t.kind()) {
      case NUMBER, STRING, CHAR -> {
        return new Expr.Literal(t.text(), t.kind(), t.line());
      }
      case IDENT -> {
        if (t.is("new")) {
          return creation(t.line());
        }
        if (t.is("switch")) {
          throw new CodecParseException("switch expressions are not supported", t.line());
        }
        if (at("(")) {
          return new Expr.Call(null, t.text(), args(), t.line());
        }
        dims();
        return new Expr.Name(t.text(), t.line());
      }
      case OP -> {
        if (t.is("(")) {
          Expr inner = expression();
          expect(")");
          return new Expr.Paren(inner, t.line());
        }
        throw new CodecParseException("unexpected '" + t.text() + "'", t.line());
      }
      default -> throw new CodecParseException("unexpected end of file", t.line());
    }
  }

  private Expr postfix(Expr start) {
    Expr e = start;
    while (true) {
      int line = peek().line();
      if (accept(".")) {
        if (at("<")) {
          typeArgs();
        }
        if (at("new")) {
          throw error("inner class creation is not supported");
        }
        String name = ident();
        e = at("(") ? new Expr.Call(e, name, args(), line) : new Expr.Member(e, name, line);
      } else if (accept("[")) {
        Expr index = expression();
        expect("]");
        e = new Expr.Index(e, index, line);
      } else if (at("++") || at("--")) {
        e = new Expr.Unary("post" + next().text(), e, line);
      } else if (accept("::")) {
        String name = at("new") ? next().text() : ident();
        e = new Expr.MethodRef(e, name, line);
      } else {
        return e;
      }
    }
  }

  private List<Expr> args() {
    expect("(");
    List<Expr> args = new ArrayList<>();
    if (!accept(")")) {
      do {
        args.add(expression());
      } while (accept(","));
      expect(")");
    }
    return List.copyOf(args);
  }

  private Expr creation(int line) {
    StringBuilder type = new StringBuilder(ident());
    if (at("<")) {
      typeArgs();
    }
    while (accept(".")) {
      type.append('.').append(ident());
      if (at("<")) {
        typeArgs();
      }
    }
    List<Expr> parts = new ArrayList<>();
    if (at("[")) {
      while (accept("[")) {
        if (!accept("]")) {
          parts.add(expression());
          expect("]");
        }
      }
      if (at("{")) {
        parts.add(arrayInit());
      }
      return new Expr.New(type + "[]", List.copyOf(parts), line);
    }
    parts.addAll(args());
    if (at("{")) {
      throw error("anonymous classes are not supported");
    }
    return new Expr.New(type.toString(), List.copyOf(parts), line);
  }
}
