package io.kwire.processor.validate;

import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.scan.Attributes;
import io.kwire.processor.scan.ElementScanner;
import io.kwire.processor.scan.Names;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * Rules that span messages rather than live in one: one request and one response per API key, one
 * message per generated class name, and no {@code @Field} outside records. It remembers what it has
 * seen across the rounds of one compilation.
 */
public final class CompilationChecks {
  private final ElementScanner scanner;
  private final Reporter reporter;
  private final Map<String, TypeElement> apiKeys = new HashMap<>();
  private final Map<String, TypeElement> generatedNames = new HashMap<>();

  public CompilationChecks(ElementScanner scanner, Reporter reporter) {
    this.scanner = scanner;
    this.reporter = reporter;
  }

  /** Whether {@code model} may be generated: its API key and its class names are not taken yet. */
  public boolean admits(MessageModel model, TypeElement type) {
    return isUniqueApi(model, type) && isUniqueName(model, type);
  }

  private boolean isUniqueApi(MessageModel model, TypeElement type) {
    if (!model.hasApiKey()) {
      return true;
    }
    TypeElement first = apiKeys.putIfAbsent(model.apiKey().getAsInt() + " " + model.type(), type);
    if (first == null || first.equals(type)) {
      return true;
    }
    Attributes a = scanner.annotation(type, Names.API_KEY).orElseThrow();
    reporter.error(Diagnostic.DUPLICATE_API_KEY, first.getQualifiedName() + " is already the " + model.type()
        + " of API key " + model.apiKey().getAsInt() + ".", type, a.mirror(), a.valueOf("value"));
    return false;
  }

  private boolean isUniqueName(MessageModel model, TypeElement type) {
    String name = model.codecClass().canonicalName();
    TypeElement first = generatedNames.putIfAbsent(name, type);
    if (first == null || first.equals(type)) {
      return true;
    }
    reporter.error(Diagnostic.GENERATED_NAME_CLASH, first.getQualifiedName() + " and " + type.getQualifiedName()
        + " would both generate " + name + ".", type);
    return false;
  }

  /** @Field on anything but a record component (or the record's own field, where javac copies it) means nothing. */
  public void checkFieldAnnotations(Iterable<? extends Element> annotated) {
    for (Element e : annotated) {
      Element owner = e.getEnclosingElement();
      if (e.getKind() == ElementKind.FIELD && owner.getKind() != ElementKind.RECORD) {
        reporter.error(Diagnostic.FIELD_OUTSIDE_RECORD, e.getSimpleName() + " carries @Field but is a field of a "
            + owner.getKind().toString().toLowerCase(Locale.ROOT) + ".", e);
      }
    }
  }
}
