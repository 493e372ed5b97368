package io.kwire.tests.generated;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds, in the source of a generated codec, every test of {@code version} whose outcome its context
 * already decides: the enclosing {@code if}/{@code else} branches, the left operand of {@code &&} and
 * {@code ||}, the condition of a {@code ?:}, earlier statements that return or throw, and, for a
 * private struct method, the versions of all its call sites. It reads the source as text and shares
 * nothing with the processor, so it checks the generator rather than repeating it.
 *
 * <p>The versions possible at each point are a range ({@link VersionSpan}); a public method starts
 * from every {@code short} value and learns the supported range from its own check. A boolean local
 * initialised from a version test ({@code boolean flexible = version >= 4;}) stands for that test
 * wherever it is used.
 */
final class VersionTestChecker {
  private static final int MAX_ROUNDS = 1000;

  private final String file;
  private final CodecSource codec;
  private final Map<String, List<CodecSource.Method>> byName = new HashMap<>();
  private Map<CodecSource.Method, VersionSpan> entry = new HashMap<>();
  private Map<CodecSource.Method, VersionSpan> exit = new HashMap<>();
  private final Map<CodecSource.Method, Set<String>> assignedNames = new HashMap<>();
  private int testsChecked;

  private VersionTestChecker(String file, CodecSource codec) {
    this.file = file;
    this.codec = codec;
    for (CodecSource.Method m : codec.methods()) {
      byName.computeIfAbsent(m.name(), k -> new ArrayList<>()).add(m);
      Set<String> assigned = new HashSet<>();
      AssignedNames.collect(m.body(), assigned);
      assignedNames.put(m, assigned);
    }
  }

  /** What the checker found, and how many version tests it looked at (so a silent pass is visible). */
  record Report(List<VersionFinding> findings, int testsChecked) {}

  /** Checks one codec source; a source the checker cannot parse is one finding. */
  static Report check(String fileName, String source) {
    CodecSource codec;
    try {
      codec = CodecParser.parse(source);
    } catch (CodecParseException e) {
      return new Report(List.of(new VersionFinding(fileName, e.line, "the checker cannot parse this: "
          + e.getMessage())), 0);
    }
    VersionTestChecker checker = new VersionTestChecker(fileName, codec);
    List<VersionFinding> findings = checker.run();
    return new Report(findings, checker.testsChecked);
  }

  /** Checks every {@code *Codec.java} under {@code dir}, in file order. */
  static Report checkDirectory(Path dir) throws IOException {
    List<VersionFinding> findings = new ArrayList<>();
    int tests = 0;
    for (Path codec : codecSources(dir)) {
      Report one = check(codec.getFileName().toString(), Files.readString(codec));
      findings.addAll(one.findings());
      tests += one.testsChecked();
    }
    return new Report(List.copyOf(findings), tests);
  }

  static List<Path> codecSources(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(f -> f.getFileName().toString().endsWith("Codec.java"))
          .sorted(Comparator.comparing(Path::toString))
          .toList();
    }
  }

  private List<VersionFinding> run() {
    // least fixed point: reach and exit ranges only grow, from the public methods' ANY
    entry = initialEntries();
    for (int round = 0; ; round++) {
      if (round == MAX_ROUNDS) {
        throw new IllegalStateException(file + ": call contexts did not settle");
      }
      Map<CodecSource.Method, VersionSpan> nextEntry = initialEntries();
      Map<CodecSource.Method, VersionSpan> nextExit = new HashMap<>();
      analyseAll(nextEntry, nextExit, null);
      if (nextEntry.equals(entry) && nextExit.equals(exit)) {
        break;
      }
      entry = nextEntry;
      exit = nextExit;
    }
    List<VersionFinding> findings = new ArrayList<>();
    analyseAll(new HashMap<>(), new HashMap<>(), findings);
    for (CodecSource.Method m : codec.methods()) {
      if (m.isPrivate() && reach(m).isEmpty()) {
        findings.add(new VersionFinding(file, m.line(),
            "private method " + m.name() + " is never called where a version is possible"));
      }
    }
    findings.sort(Comparator.comparingInt(VersionFinding::line));
    return findings;
  }

  private Map<CodecSource.Method, VersionSpan> initialEntries() {
    Map<CodecSource.Method, VersionSpan> initial = new HashMap<>();
    for (CodecSource.Method m : codec.methods()) {
      initial.put(m, m.isPrivate() ? VersionSpan.EMPTY : VersionSpan.ANY);
    }
    return initial;
  }

  private void analyseAll(Map<CodecSource.Method, VersionSpan> entries, Map<CodecSource.Method, VersionSpan> exits,
      List<VersionFinding> findings) {
    Flow fieldFlow = new Flow(null, entries, findings);
    for (Expr init : codec.fieldInits()) {
      fieldFlow.value(init, VersionSpan.ANY);
    }
    for (CodecSource.Method m : codec.methods()) {
      VersionSpan start = reach(m);
      if (start.isEmpty()) {
        continue;
      }
      Flow flow = new Flow(m, entries, findings);
      VersionSpan end = flow.exec(m.body(), start);
      exits.put(m, flow.returned.hull(end));
    }
  }

  private VersionSpan reach(CodecSource.Method m) {
    return entry.getOrDefault(m, VersionSpan.EMPTY);
  }

  /** What a boolean expression leaves possible when it is true and when it is false. */
  private record Split(VersionSpan whenTrue, VersionSpan whenFalse) {
    static Split both(VersionSpan ctx) {
      return new Split(ctx, ctx);
    }
  }

  /** The analysis of one method body (or of the field initialisers, with a null method). */
  private final class Flow {
    private final CodecSource.Method method;
    private final Map<CodecSource.Method, VersionSpan> entries;
    private final List<VersionFinding> findings;
    private final Map<String, Expr> aliases = new HashMap<>();
    private VersionSpan returned = VersionSpan.EMPTY;
    /** Inside a substituted alias: neither report nor count calls again. */
    private boolean quiet;

    Flow(CodecSource.Method method, Map<CodecSource.Method, VersionSpan> entries, List<VersionFinding> findings) {
      this.method = method;
      this.entries = entries;
      this.findings = findings;
    }

    private boolean hasVersion() {
      return method != null && method.paramIndex("version") >= 0;
    }

    /** Runs a statement from the versions in {@code ctx}; returns those with which it completes normally. */
    VersionSpan exec(Stmt s, VersionSpan ctx) {
      if (ctx.isEmpty()) {
        return ctx;
      }
      if (s instanceof Stmt.Block b) {
        VersionSpan cur = ctx;
        for (Stmt inner : b.body()) {
          cur = exec(inner, cur);
        }
        return cur;
      }
      if (s instanceof Stmt.If i) {
        Split c = cond(i.condition(), ctx);
        VersionSpan afterThen = exec(i.then(), c.whenTrue());
        VersionSpan afterElse = i.otherwise() == null ? c.whenFalse() : exec(i.otherwise(), c.whenFalse());
        return afterThen.hull(afterElse);
      }
      if (s instanceof Stmt.Loop l) {
        VersionSpan cur = ctx;
        for (Stmt init : l.init()) {
          cur = exec(init, cur);
        }
        VersionSpan inside = l.condition() == null ? cur : cond(l.condition(), cur).whenTrue();
        exec(l.body(), inside);
        for (Expr update : l.update()) {
          value(update, inside);
        }
        // a loop ends by its condition or by a break anywhere: keep what entered it
        return cur;
      }
      if (s instanceof Stmt.Try t) {
        VersionSpan cur = ctx;
        for (Stmt resource : t.resources()) {
          cur = exec(resource, cur);
        }
        VersionSpan after = exec(t.body(), cur);
        for (Stmt.Block handler : t.catches()) {
          after = after.hull(exec(handler, cur));
        }
        if (t.fin() != null && exec(t.fin(), cur).isEmpty()) {
          return VersionSpan.EMPTY;
        }
        return after;
      }
      if (s instanceof Stmt.Switch sw) {
        value(sw.selector(), ctx);
        VersionSpan cur = ctx;
        for (Stmt inner : sw.body()) {
          cur = exec(inner, inner instanceof Stmt.Case ? ctx : cur);
        }
        return ctx;
      }
      if (s instanceof Stmt.Case c) {
        for (Expr label : c.labels()) {
          value(label, ctx);
        }
        return ctx;
      }
      if (s instanceof Stmt.Return r) {
        if (r.value() != null) {
          value(r.value(), ctx);
        }
        returned = returned.hull(ctx);
        return VersionSpan.EMPTY;
      }
      if (s instanceof Stmt.Throw t) {
        value(t.value(), ctx);
        return VersionSpan.EMPTY;
      }
      if (s instanceof Stmt.Jump j) {
        if (j.value() != null) {
          value(j.value(), ctx);
        }
        return VersionSpan.EMPTY;
      }
      if (s instanceof Stmt.Local local) {
        aliases.remove(local.name());
        if (local.init() != null) {
          value(local.init(), ctx);
          if (method != null && !assignedNames.get(method).contains(local.name())
              && mentionsVersion(local.init())) {
            aliases.put(local.name(), local.init());
          }
        }
        return ctx;
      }
      if (s instanceof Stmt.ExprStmt e) {
        value(e.expr(), ctx);
        return ctx.intersect(completesWith(e.expr()));
      }
      return ctx;
    }

    /** After a statement that is a call of a method here, only the versions with which it returns. */
    private VersionSpan completesWith(Expr e) {
      VersionSpan after = VersionSpan.ANY;
      for (CodecSource.Method callee : callees(e)) {
        int at = callee.paramIndex("version");
        List<Expr> args = ((Expr.Call) e).args();
        if (at >= 0 && at < args.size() && isVersion(args.get(at))) {
          after = after.intersect(exit.getOrDefault(callee, VersionSpan.EMPTY));
        }
      }
      return after;
    }

    private List<CodecSource.Method> callees(Expr e) {
      if (!(e instanceof Expr.Call call)) {
        return List.of();
      }
      boolean local = call.qualifier() == null
          || (call.qualifier() instanceof Expr.Name q && (q.id().equals(codec.className()) || q.id().equals("this")));
      if (!local) {
        return List.of();
      }
      return byName.getOrDefault(call.name(), List.of()).stream()
          .filter(m -> m.params().size() == call.args().size())
          .toList();
    }

    void value(Expr e, VersionSpan ctx) {
      cond(e, ctx);
    }

    /** Visits an expression with the versions in {@code ctx}; for a boolean, splits them by its outcome. */
    Split cond(Expr e, VersionSpan ctx) {
      if (ctx.isEmpty()) {
        return Split.both(ctx);
      }
      if (e instanceof Expr.Paren paren) {
        return cond(paren.inner(), ctx);
      }
      if (e instanceof Expr.Unary u && u.op().equals("!")) {
        Split inner = cond(u.operand(), ctx);
        return new Split(inner.whenFalse(), inner.whenTrue());
      }
      if (e instanceof Expr.Binary b && b.op().equals("&&")) {
        Split left = cond(b.left(), ctx);
        Split right = cond(b.right(), left.whenTrue());
        return new Split(right.whenTrue(), left.whenFalse().hull(right.whenFalse()));
      }
      if (e instanceof Expr.Binary b && b.op().equals("||")) {
        Split left = cond(b.left(), ctx);
        Split right = cond(b.right(), left.whenFalse());
        return new Split(left.whenTrue().hull(right.whenTrue()), right.whenFalse());
      }
      VersionComparison test =
          e instanceof Expr.Binary b ? VersionComparison.of(b, this::isVersion, this::constant) : null;
      if (test != null) {
        return versionTest(test, ctx);
      }
      if (e instanceof Expr.Conditional c) {
        Split condition = cond(c.condition(), ctx);
        Split yes = cond(c.whenTrue(), condition.whenTrue());
        Split no = cond(c.whenFalse(), condition.whenFalse());
        return new Split(yes.whenTrue().hull(no.whenTrue()), yes.whenFalse().hull(no.whenFalse()));
      }
      if (e instanceof Expr.Name name && aliases.containsKey(name.id())) {
        return alias(name, ctx);
      }
      if (e instanceof Expr.Call call) {
        if (call.qualifier() != null) {
          value(call.qualifier(), ctx);
        }
        for (Expr arg : call.args()) {
          value(arg, ctx);
        }
        for (CodecSource.Method callee : callees(call)) {
          reached(callee, versionPassed(callee, call.args(), ctx));
        }
        return Split.both(ctx);
      }
      if (e instanceof Expr.MethodRef ref) {
        value(ref.qualifier(), ctx);
        for (CodecSource.Method callee : byName.getOrDefault(ref.name(), List.of())) {
          reached(callee, VersionSpan.ANY);
        }
        return Split.both(ctx);
      }
      if (e instanceof Expr.New creation) {
        for (Expr part : creation.parts()) {
          value(part, ctx);
        }
        String simpleName = creation.type().substring(creation.type().lastIndexOf('.') + 1);
        for (CodecSource.Method constructor : byName.getOrDefault(simpleName, List.of())) {
          reached(constructor, versionPassed(constructor, creation.parts(), ctx));
        }
        return Split.both(ctx);
      }
      if (e instanceof Expr.Lambda lambda) {
        // a lambda's returns are its own, not the method's
        VersionSpan saved = returned;
        exec(lambda.body(), ctx);
        returned = saved;
        return Split.both(ctx);
      }
      for (Expr child : ExprChildren.of(e)) {
        value(child, ctx);
      }
      return Split.both(ctx);
    }

    private Split versionTest(VersionComparison test, VersionSpan ctx) {
      VersionSpan yes = ctx.where(test.op(), test.value());
      VersionSpan no = ctx.where(VersionComparison.negate(test.op()), test.value());
      counted();
      if (yes.isEmpty() || no.isEmpty()) {
        report(test.line(), test.text(), yes.isEmpty(), ctx);
      }
      return new Split(yes, no);
    }

    private Split alias(Expr.Name name, VersionSpan ctx) {
      Expr bound = aliases.get(name.id());
      boolean wasQuiet = quiet;
      quiet = true;
      Split split = cond(bound, ctx);
      quiet = wasQuiet;
      if (VersionComparison.isPure(bound, this::isVersion, this::constant)) {
        counted();
      }
      if (VersionComparison.isPure(bound, this::isVersion, this::constant)
          && (split.whenTrue().isEmpty() || split.whenFalse().isEmpty())) {
        report(name.line(), name.id() + " (" + VersionComparison.render(bound) + ")", split.whenTrue().isEmpty(), ctx);
      }
      return split;
    }

    private void counted() {
      if (findings != null && !quiet) {
        testsChecked++;
      }
    }

    private void report(int line, String test, boolean alwaysFalse, VersionSpan ctx) {
      if (findings != null && !quiet) {
        findings.add(new VersionFinding(file, line, test + " is always " + (alwaysFalse ? "false" : "true")
            + " here (" + (ctx.lo() == ctx.hi() ? "only version " : "versions ") + ctx + " possible)"));
      }
    }

    private void reached(CodecSource.Method callee, VersionSpan versions) {
      if (!quiet) {
        entries.merge(callee, versions, VersionSpan::hull);
      }
    }

    /** The versions a callee sees: the caller's when it passes {@code version} on, else what it passes. */
    private VersionSpan versionPassed(CodecSource.Method callee, List<Expr> args, VersionSpan ctx) {
      int at = callee.paramIndex("version");
      if (at < 0 || at >= args.size() || isVersion(args.get(at))) {
        return ctx;
      }
      Integer fixed = constant(args.get(at));
      return fixed == null ? VersionSpan.ANY : VersionSpan.of(fixed, fixed);
    }

    private boolean isVersion(Expr e) {
      Expr bare = e;
      while (bare instanceof Expr.Paren p) {
        bare = p.inner();
      }
      return hasVersion() && bare instanceof Expr.Name n && n.id().equals("version");
    }

    private boolean mentionsVersion(Expr e) {
      if (isVersion(e) || (e instanceof Expr.Name n && aliases.containsKey(n.id()))) {
        return true;
      }
      return ExprChildren.of(e).stream().anyMatch(this::mentionsVersion);
    }

    private Integer constant(Expr e) {
      return Constants.intValue(e, codec, 0);
    }
  }
}
