package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.processor.scan.Attributes;
import io.kwire.processor.scan.ElementScanner;
import io.kwire.processor.scan.Names;
import io.kwire.runtime.meta.VersionRange;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;

/**
 * Stage two: judges a message record against Kafka's spec rules and kwire's own, reporting every
 * problem it finds, and builds the immutable {@link MessageModel} when there are none.
 */
public final class MessageValidator {
  private final ElementScanner scanner;
  private final Reporter reporter;

  public MessageValidator(ElementScanner scanner, Reporter reporter) {
    this.scanner = scanner;
    this.reporter = reporter;
  }

  /** What struct validation needs to know about the message around it. */
  static final class Context {
    final VersionRange validVersions;
    final VersionRange flexibleVersions;
    final Map<ClassName, StructModel> structs = new LinkedHashMap<>();
    final Map<String, ClassName> structNames = new LinkedHashMap<>();
    final Set<ClassName> visiting = new HashSet<>();

    Context(VersionRange validVersions, VersionRange flexibleVersions) {
      this.validVersions = validVersions;
      this.flexibleVersions = flexibleVersions;
    }
  }

  public Optional<MessageModel> validate(TypeElement type) {
    int errorsBefore = reporter.errorCount();
    Attributes api = scanner.annotation(type, Names.API_KEY);
    Attributes data = scanner.annotation(type, Names.DATA_MESSAGE);
    Attributes a = api != null ? api : data;
    if (type.getKind() != ElementKind.RECORD) {
      reporter.error(Diagnostic.NOT_A_RECORD, type.getSimpleName() + " is a " + type.getKind().toString().toLowerCase() + ".", type, a.mirror());
      return Optional.empty();
    }
    if (api != null && data != null) {
      reporter.error(Diagnostic.TWO_MESSAGE_ANNOTATIONS, "", type, data.mirror());
      return Optional.empty();
    }
    if (!type.getTypeParameters().isEmpty()) {
      reporter.error(Diagnostic.GENERIC_RECORD, type.getSimpleName() + " declares " + type.getTypeParameters() + ".", type);
      return Optional.empty();
    }
    MessageType messageType = MessageType.valueOf(a.enumConstant("type"));
    boolean isApi = messageType == MessageType.REQUEST || messageType == MessageType.RESPONSE;
    if (isApi != (api != null)) {
      reporter.error(Diagnostic.MESSAGE_TYPE, "Got " + messageType + ".", type, a.mirror(), a.valueOf("type"));
    }
    int apiKey = -1;
    if (api != null) {
      apiKey = api.integer("value");
      if (apiKey < 0 || apiKey > Short.MAX_VALUE) {
        reporter.error(Diagnostic.API_KEY_RANGE, "Got " + apiKey + ".", type, a.mirror(), a.valueOf("value"));
      }
    }
    VersionRange valid = range(a, "validVersions", type);
    if (valid != null && valid.isOpenEnded()) {
      reporter.error(Diagnostic.VALID_VERSIONS_UNBOUNDED, "Got \"" + valid + "\".", type, a.mirror(), a.valueOf("validVersions"));
    }
    VersionRange flexible = range(a, "flexibleVersions", type);
    if (flexible != null && !flexible.isEmpty() && !flexible.isOpenEnded()) {
      reporter.error(Diagnostic.FLEXIBLE_NOT_OPEN_ENDED, "Got \"" + flexible + "\".", type, a.mirror(), a.valueOf("flexibleVersions"));
    }
    VersionRange deprecated = VersionRange.NONE;
    boolean latestUnstable = false;
    List<Listener> listeners = List.of();
    if (api != null) {
      deprecated = range(a, "deprecatedVersions", type);
      latestUnstable = a.bool("latestVersionUnstable");
      listeners = a.enumConstants("listeners").stream().map(Listener::valueOf).toList();
      if (messageType != MessageType.REQUEST) {
        for (String attribute : List.of("listeners", "latestVersionUnstable")) {
          if (a.isExplicit(attribute)) {
            reporter.error(Diagnostic.REQUEST_ONLY_ATTRIBUTE, "This is a " + messageType + ".", type, a.mirror(), a.valueOf(attribute));
          }
        }
      }
    }
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    String name = a.string("name").isEmpty() ? type.getSimpleName().toString() : a.string("name");
    Context context = new Context(valid, flexible);
    ClassName recordClass = ClassName.get(type);
    context.visiting.add(recordClass);
    StructModel body = new StructValidator(scanner, reporter, this, context).validate(type, name, true);
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    return Optional.of(new MessageModel(recordClass, name, messageType, apiKey, valid, flexible, deprecated,
        latestUnstable, listeners, body, Collections.unmodifiableMap(new LinkedHashMap<>(context.structs))));
  }

  /** Parses a version-range attribute, reporting a syntax error on its value. */
  VersionRange range(Attributes a, String attribute, Element element) {
    String text = a.string(attribute);
    try {
      return VersionRange.parse(text);
    } catch (IllegalArgumentException e) {
      reporter.error(Diagnostic.VERSION_SYNTAX, attribute + " is \"" + text + "\".", element, a.mirror(), a.valueOf(attribute));
      return null;
    }
  }
}
