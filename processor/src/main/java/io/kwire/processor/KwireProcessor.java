package io.kwire.processor;

import com.google.auto.service.AutoService;
import io.kwire.processor.baseline.Baseline;
import io.kwire.processor.baseline.BaselineCheck;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.scan.ElementScanner;
import io.kwire.processor.scan.Names;
import io.kwire.processor.scan.ScannedMessage;
import io.kwire.processor.validate.CompilationChecks;
import io.kwire.processor.validate.MessageValidator;
import io.kwire.processor.validate.ModuleChecks;
import io.kwire.processor.write.BuilderWriter;
import io.kwire.processor.write.CodecWriter;
import io.kwire.processor.write.ServicesWriter;
import io.kwire.processor.write.SpecWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * kwire's annotation processor: for every record annotated {@code @ApiKey} or {@code @DataMessage}
 * it scans the elements, validates them into a model, and writes a codec, a builder and its spec in
 * Kafka's JSON format ({@code META-INF/kwire/specs/<Name>.json}); at the end
 * it registers the codecs for the runtime registry. The stages live in {@code scan},
 * {@code validate} and {@code write}.
 */
@AutoService(Processor.class)
@SupportedAnnotationTypes({Names.API_KEY, Names.DATA_MESSAGE, Names.FIELD, Names.GENERATED})
public final class KwireProcessor extends AbstractProcessor {
  private final Set<String> codecs = new TreeSet<>();
  private final Set<String> deferred = new TreeSet<>();
  private CompilationChecks checks;
  private ModuleChecks modules;
  private Optional<Baseline> baseline;

  @Override
  public Set<String> getSupportedOptions() {
    return Set.of(Baseline.OPTION);
  }

  /** The specs of {@code -Akwire.baseline=PATH}, read once; empty without the option or when unreadable (reported). */
  private Optional<Baseline> baseline() {
    if (baseline == null) {
      baseline = Optional.empty();
      String path = processingEnv.getOptions().get(Baseline.OPTION);
      if (path != null && !path.isBlank()) {
        try {
          baseline = Optional.of(Baseline.load(Path.of(path)));
        } catch (IOException | RuntimeException e) {
          processingEnv.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
              Diagnostic.BASELINE_UNREADABLE.format("Cannot read " + path + ": " + e.getMessage()));
        }
      }
    }
    return baseline;
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    Reporter reporter = new Reporter(processingEnv.getMessager());
    ElementScanner scanner = new ElementScanner(processingEnv.getElementUtils());
    if (checks == null) {
      checks = new CompilationChecks(scanner, reporter);
      modules = new ModuleChecks(processingEnv);
    }
    MessageValidator validator = new MessageValidator(reporter);
    for (TypeElement type : typesToProcess(round)) {
      try {
        ScannedMessage scanned = scanner.scan(type);
        if (scanned.hasUnresolvedTypes()) {
          // another processor may still generate the type; if none does, javac reports it, not us
          deferred.add(type.getQualifiedName().toString());
          continue;
        }
        Optional<MessageModel> model = validator.validate(scanned);
        if (model.isPresent() && checks.admits(model.get(), type)) {
          baseline().ifPresent(b -> BaselineCheck.run(model.get(), scanned, b, reporter));
          boolean markGenerated = modules.mayMarkGenerated(type);
          CodecWriter.write(model.get(), type, markGenerated).writeTo(processingEnv.getFiler());
          BuilderWriter.write(model.get(), type, markGenerated).writeTo(processingEnv.getFiler());
          SpecWriter.write(model.get(), type, processingEnv.getFiler());
          codecs.add(model.get().codecClass().canonicalName());
          modules.generated(type, model.get().codecClass().canonicalName());
        }
      } catch (IOException | RuntimeException e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        reporter.error(Diagnostic.INTERNAL_ERROR, "The processor failed on " + type.getSimpleName() + ": " + trace, type);
      }
    }
    checks.checkFieldAnnotations(annotated(round, Names.FIELD));
    if (round.processingOver()) {
      modules.checkProvides(reporter);
    }
    if (round.processingOver() && !codecs.isEmpty()) {
      try {
        ServicesWriter.write(processingEnv.getFiler(), codecs);
      } catch (IOException e) {
        processingEnv.getMessager().printMessage(javax.tools.Diagnostic.Kind.ERROR,
            Diagnostic.INTERNAL_ERROR.format("Could not write " + ServicesWriter.SERVICE_FILE + ": " + e));
      }
    }
    // kwire's annotations mean nothing to other processors: claim them. kwire also claims the
    // @Generated it writes on its own sources, so -Xlint:processing has nothing to warn about.
    return true;
  }

  /** This round's message types, and those deferred from earlier rounds for types javac had not resolved. */
  private List<TypeElement> typesToProcess(RoundEnvironment round) {
    Set<TypeElement> types = new LinkedHashSet<>(annotatedTypes(round, Names.API_KEY, Names.DATA_MESSAGE));
    for (String name : deferred) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        types.add(type);
      }
    }
    deferred.clear();
    return List.copyOf(types);
  }

  /** The types of this round carrying any of {@code annotations}, in a stable order. */
  private List<TypeElement> annotatedTypes(RoundEnvironment round, String... annotations) {
    Set<Element> elements = new LinkedHashSet<>();
    for (String annotation : annotations) {
      elements.addAll(annotated(round, annotation));
    }
    return ElementFilter.typesIn(elements).stream()
        .sorted(Comparator.comparing(t -> t.getQualifiedName().toString()))
        .toList();
  }

  private Set<? extends Element> annotated(RoundEnvironment round, String annotation) {
    TypeElement type = processingEnv.getElementUtils().getTypeElement(annotation);
    return type == null ? Set.of() : round.getElementsAnnotatedWith(type);
  }
}
