package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.processor.scan.Attributes;
import io.kwire.processor.scan.ScannedMessage;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * Stage two: judges a scanned message against Kafka's spec rules and kwire's own, reporting every
 * problem it finds, and builds the immutable {@link MessageModel} when there are none.
 */
public final class MessageValidator {
  private final Reporter reporter;

  public MessageValidator(Reporter reporter) {
    this.reporter = reporter;
  }

  public Optional<MessageModel> validate(ScannedMessage scanned) {
    TypeElement type = scanned.type();
    int errorsBefore = reporter.errorCount();
    Optional<Attributes> api = scanned.apiKey();
    Attributes a = api.or(scanned::dataMessage).orElseThrow();
    if (type.getKind() != ElementKind.RECORD) {
      reporter.error(Diagnostic.NOT_A_RECORD, type.getSimpleName() + " is a " + type.getKind().toString().toLowerCase(Locale.ROOT)
          + ", not a record.", type, a.mirror());
      return Optional.empty();
    }
    if (api.isPresent() && scanned.dataMessage().isPresent()) {
      reporter.error(Diagnostic.TWO_MESSAGE_ANNOTATIONS, type.getSimpleName() + " has both @ApiKey and @DataMessage.", type, scanned.dataMessage().get().mirror());
      return Optional.empty();
    }
    if (!type.getTypeParameters().isEmpty()) {
      reporter.error(Diagnostic.GENERIC_RECORD, type.getSimpleName() + " declares type parameters " + type.getTypeParameters() + ".", type);
      return Optional.empty();
    }
    MessageType messageType = MessageType.valueOf(a.enumConstant("type"));
    boolean isApi = messageType == MessageType.REQUEST || messageType == MessageType.RESPONSE;
    if (isApi != api.isPresent()) {
      reporter.error(Diagnostic.MESSAGE_TYPE, (api.isPresent() ? "@ApiKey" : "@DataMessage") + " has type " + messageType + ".", type, a.mirror(), a.valueOf("type"));
    }
    OptionalInt apiKey = OptionalInt.empty();
    if (api.isPresent()) {
      int key = a.integer("value");
      if (key < 0 || key > Short.MAX_VALUE) {
        reporter.error(Diagnostic.API_KEY_RANGE, "The API key is " + key + ".", type, a.mirror(), a.valueOf("value"));
      }
      apiKey = OptionalInt.of(key);
    }
    Optional<VersionRange> valid = range(a, "validVersions", type);
    valid.filter(VersionRange::isOpenEnded).ifPresent(v ->
        reporter.error(Diagnostic.VALID_VERSIONS_UNBOUNDED, "validVersions is \"" + v + "\", which has no highest version.", type, a.mirror(), a.valueOf("validVersions")));
    Optional<VersionRange> flexible = range(a, "flexibleVersions", type);
    flexible.filter(f -> !f.isEmpty() && !f.isOpenEnded()).ifPresent(f ->
        reporter.error(Diagnostic.FLEXIBLE_NOT_OPEN_ENDED, "flexibleVersions is \"" + f + "\", which ends at version " + f.highest() + ".", type, a.mirror(), a.valueOf("flexibleVersions")));
    range(a, "droppedVersions", type); // read by the baseline check; only its syntax matters here
    Optional<VersionRange> deprecated = Optional.of(VersionRange.NONE);
    boolean latestUnstable = false;
    List<Listener> listeners = List.of();
    if (api.isPresent()) {
      deprecated = range(a, "deprecatedVersions", type);
      latestUnstable = a.bool("latestVersionUnstable");
      listeners = a.enumConstants("listeners").stream().map(Listener::valueOf).toList();
      if (messageType != MessageType.REQUEST) {
        for (String attribute : List.of("listeners", "latestVersionUnstable")) {
          if (a.isExplicit(attribute)) {
            reporter.error(Diagnostic.REQUEST_ONLY_ATTRIBUTE, attribute + " is set on a " + messageType.toString().toLowerCase(Locale.ROOT) + ".", type, a.mirror(), a.valueOf(attribute));
          }
        }
      }
    }
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    String name = a.string("name").isEmpty() ? type.getSimpleName().toString() : a.string("name");
    StructTree tree = new StructTree(scanned, reporter, valid.orElseThrow(), flexible.orElseThrow(), ClassName.get(type));
    Optional<StructModel> body = tree.validateBody(name);
    if (body.isEmpty() || reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    Reachability reachability = Reachability.compute(body.get(), tree.structsChildrenFirst(), valid.get());
    List<ClassName> common = CommonStructs.find(body.get(), tree.structsChildrenFirst(), nestedRecords(type));
    return Optional.of(new MessageModel(ClassName.get(type), name, messageType, apiKey, valid.get(), flexible.get(),
        deprecated.orElseThrow(), latestUnstable, listeners, reachability.body(), reachability.structs(), common));
  }

  /** The records declared inside the message's record, in source order. */
  private static List<ClassName> nestedRecords(TypeElement type) {
    return ElementFilter.typesIn(type.getEnclosedElements()).stream()
        .filter(t -> t.getKind() == ElementKind.RECORD)
        .map(ClassName::get)
        .toList();
  }

  private Optional<VersionRange> range(Attributes a, String attribute, Element element) {
    return VersionAttributes.parse(reporter, a, attribute, element);
  }

}
