package io.kwire.processor;

import com.google.auto.service.AutoService;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.scan.ElementScanner;
import io.kwire.processor.scan.Names;
import io.kwire.processor.validate.MessageValidator;
import io.kwire.processor.write.BuilderWriter;
import io.kwire.processor.write.CodecWriter;
import io.kwire.processor.write.ServicesWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * kwire's annotation processor: for every record annotated {@code @ApiKey} or {@code @DataMessage}
 * it scans the elements, validates them into a model, and writes a codec and a builder; at the end
 * it registers the codecs for the runtime registry. The stages live in {@code scan},
 * {@code validate} and {@code write}.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes({Names.API_KEY, Names.DATA_MESSAGE, Names.FIELD})
public final class KwireProcessor extends AbstractProcessor {
  private final Set<String> codecs = new TreeSet<>();
  private final Map<String, TypeElement> apiKeys = new HashMap<>();
  private final Map<String, TypeElement> generatedNames = new HashMap<>();

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    Reporter reporter = new Reporter(processingEnv.getMessager());
    ElementScanner scanner = new ElementScanner(processingEnv.getElementUtils());
    MessageValidator validator = new MessageValidator(scanner, reporter);
    for (TypeElement type : messageTypes(round)) {
      try {
        Optional<MessageModel> model = validator.validate(type);
        if (model.isPresent() && isUniqueApi(model.get(), type, reporter) && isUniqueName(model.get(), type, reporter)) {
          CodecWriter.write(model.get(), type).writeTo(processingEnv.getFiler());
          BuilderWriter.write(model.get(), type).writeTo(processingEnv.getFiler());
          codecs.add(model.get().codecClass().canonicalName());
        }
      } catch (IOException | RuntimeException e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        reporter.error(Diagnostic.INTERNAL_ERROR, trace.toString(), type);
      }
    }
    checkStrayFields(round, reporter);
    if (round.processingOver() && !codecs.isEmpty()) {
      try {
        ServicesWriter.write(processingEnv.getFiler(), codecs);
      } catch (IOException e) {
        processingEnv.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
            Diagnostic.INTERNAL_ERROR.format("Could not write " + ServicesWriter.SERVICE_FILE + ": " + e));
      }
    }
    // kwire's annotations mean nothing to other processors: claim them (javac warns about unclaimed ones).
    return true;
  }

  /** The annotated types of this round, in a stable order. */
  private List<TypeElement> messageTypes(RoundEnvironment round) {
    Set<Element> elements = new java.util.LinkedHashSet<>();
    for (String annotation : List.of(Names.API_KEY, Names.DATA_MESSAGE)) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(annotation);
      if (type != null) {
        elements.addAll(round.getElementsAnnotatedWith(type));
      }
    }
    return ElementFilter.typesIn(elements).stream()
        .sorted(Comparator.comparing(t -> t.getQualifiedName().toString()))
        .toList();
  }

  /** @Field on anything but a record component (or the record's own field, where javac copies it) means nothing. */
  private void checkStrayFields(RoundEnvironment round, Reporter reporter) {
    TypeElement field = processingEnv.getElementUtils().getTypeElement(Names.FIELD);
    if (field == null) {
      return;
    }
    for (Element e : round.getElementsAnnotatedWith(field)) {
      if (e.getKind() == ElementKind.FIELD && e.getEnclosingElement().getKind() != ElementKind.RECORD) {
        reporter.error(Diagnostic.FIELD_OUTSIDE_RECORD, e.getSimpleName() + " is a field of a " + e.getEnclosingElement().getKind().toString().toLowerCase(java.util.Locale.ROOT) + ".", e);
      }
    }
  }

  private boolean isUniqueName(MessageModel model, TypeElement type, Reporter reporter) {
    String name = model.codecClass().canonicalName();
    TypeElement first = generatedNames.putIfAbsent(name, type);
    if (first == null || first.equals(type)) {
      return true;
    }
    reporter.error(Diagnostic.GENERATED_NAME_CLASH, first.getQualifiedName() + " and " + type.getQualifiedName()
        + " would both generate " + name + ".", type);
    return false;
  }

  private boolean isUniqueApi(MessageModel model, TypeElement type, Reporter reporter) {
    if (!model.hasApiKey()) {
      return true;
    }
    String key = model.apiKey() + " " + model.type();
    TypeElement first = apiKeys.putIfAbsent(key, type);
    if (first == null || first.equals(type)) {
      return true;
    }
    var attributes = new ElementScanner(processingEnv.getElementUtils()).annotation(type, Names.API_KEY);
    reporter.error(Diagnostic.DUPLICATE_API_KEY, first.getQualifiedName() + " is already the " + model.type()
        + " of API key " + model.apiKey() + ".", type, attributes.mirror(), attributes.valueOf("value"));
    return false;
  }
}
