package io.kwire.processor.validate;

import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.ModuleElement;
import javax.lang.model.element.ModuleElement.ProvidesDirective;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * What the module being compiled means for generated code. On the module path ServiceLoader reads
 * only {@code provides} directives, so a named module must list its generated codecs there, and
 * generated code there carries no {@code @Generated}. Codecs are collected across rounds and checked
 * once, when processing is over and every codec of the compilation is known (asking for a module's
 * directives earlier makes javac resolve its {@code provides} before the codecs they name exist).
 */
public final class ModuleChecks {
  public static final String CODEC_SERVICE = "io.kwire.runtime.MessageCodec";

  private final Elements elements;
  private final Map<String, Set<String>> codecsByModule = new TreeMap<>();

  public ModuleChecks(ProcessingEnvironment env) {
    this.elements = env.getElementUtils();
  }

  /** Remembers that {@code codec} was generated for {@code origin}, a type of some module. */
  public void generated(TypeElement origin, String codec) {
    ModuleElement module = elements.getModuleOf(origin);
    if (module != null && !module.isUnnamed()) {
      codecsByModule.computeIfAbsent(module.getQualifiedName().toString(), m -> new TreeSet<>()).add(codec);
    }
  }

  /**
   * Whether code generated for {@code origin} carries {@code javax.annotation.processing.Generated}:
   * on the class path only. In a named module it would need {@code requires java.compiler}, and on an
   * exported type javac's {@code -Xlint:exports} warns that the annotation's module is not exported with
   * it; the annotation has source retention, so the class files are the same without it.
   */
  public boolean mayMarkGenerated(TypeElement origin) {
    ModuleElement module = elements.getModuleOf(origin);
    return module == null || module.isUnnamed();
  }

  /** Reports each named module whose provides directives lack one of its generated codecs. */
  public void checkProvides(Reporter reporter) {
    for (Map.Entry<String, Set<String>> entry : codecsByModule.entrySet()) {
      ModuleElement module = elements.getModuleElement(entry.getKey());
      if (module == null) {
        continue;
      }
      List<String> provided = providedCodecs(module);
      Set<String> missing = new TreeSet<>(entry.getValue());
      missing.removeAll(provided);
      if (!missing.isEmpty()) {
        reporter.error(Diagnostic.MODULE_PROVIDES, problem(module, provided, missing), module);
      }
    }
  }

  private static String problem(ModuleElement module, List<String> provided, Set<String> missing) {
    Set<String> all = new LinkedHashSet<>(provided);
    all.addAll(missing);
    String line = "provides " + CODEC_SERVICE + " with " + String.join(", ", all) + ";";
    String where = provided.isEmpty() ? "Add to it" : "Replace its provides of " + CODEC_SERVICE + " with";
    return "Module " + module.getQualifiedName() + " does not provide " + String.join(", ", missing)
        + ". " + where + ": `" + line + "`.";
  }

  /** The implementations of the codec service the module declares, in the order written. */
  private static List<String> providedCodecs(ModuleElement module) {
    List<String> provided = new ArrayList<>();
    for (ProvidesDirective provides : ElementFilter.providesIn(module.getDirectives())) {
      if (provides.getService().getQualifiedName().contentEquals(CODEC_SERVICE)) {
        for (TypeElement implementation : provides.getImplementations()) {
          provided.add(implementation.getQualifiedName().toString());
        }
      }
    }
    return provided;
  }
}
