package io.kwire.runtime.generated;

import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.MessageBuilder;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.KwireEncodeException;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireSizes;
import io.kwire.runtime.wire.WireWriter;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The generated-code contract as this runtime offers it, one line per type and member, in the
 * notation of {@code contract-v<n>.txt}: {@code type <name>}, {@code [static ][abstract ]<owner>#<name>(<params>) : <type>}.
 * Types are erased, as the JVM links them.
 */
final class ContractSignatures {
  private ContractSignatures() {}

  /** Types of which every public member is contract: the primitives and the interfaces codecs implement. */
  private static final List<Class<?>> WHOLE = List.of(WireWriter.class, WireReader.class, WireSizes.class, UnknownTaggedFields.class,
      UnknownTaggedFields.Builder.class, MessageCodec.class, ApiMessageCodec.class, MessageBuilder.class);

  static List<String> current() throws IOException, URISyntaxException, ClassNotFoundException {
    Set<String> lines = new TreeSet<>();
    List<Member> members = new ArrayList<>();
    List<Class<?>> whole = new ArrayList<>(generatedPackage());
    whole.addAll(WHOLE);
    for (Class<?> type : whole) {
      members.addAll(publicMembers(type, m -> true));
    }
    members.addAll(publicMembers(KwireEncodeException.class, m -> Modifier.isStatic(m.getModifiers()) && m instanceof Method));
    members.addAll(publicMembers(KwireProtocolException.class, named("inField", "atIndex")));
    members.addAll(publicMembers(FieldDescriptor.class, m -> m.getName().equals("of") || m.getName().startsWith("with")));
    members.addAll(publicMembers(MessageDescriptor.class, m -> m.getName().equals("of") || m.getName().startsWith("with")));
    members.addAll(publicMembers(StructDescriptor.class, named("of")));
    members.addAll(publicMembers(VersionRange.class, named("of", "from", "NONE")));
    members.addAll(publicMembers(MessageType.class, m -> m instanceof Field f && f.isEnumConstant()));
    members.addAll(publicMembers(Listener.class, m -> m instanceof Field f && f.isEnumConstant()));
    for (Member m : members) {
      lines.add(line(m));
      addType(lines, m.getDeclaringClass());
      for (Class<?> t : typesIn(m)) {
        addType(lines, t);
      }
    }
    whole.forEach(t -> addType(lines, t));
    return new ArrayList<>(lines);
  }

  /** The recorded list of {@code version}, or {@code null} when none was recorded. */
  static List<String> recorded(int version) throws IOException {
    try (InputStream in = GeneratedContract.class.getResourceAsStream("contract-v" + version + ".txt")) {
      if (in == null) {
        return null;
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
          .filter(l -> !l.isBlank() && !l.startsWith("#"))
          .toList();
    }
  }

  /** Every public class of this package, found beside {@link GeneratedContract}'s class file. */
  private static List<Class<?>> generatedPackage() throws IOException, URISyntaxException, ClassNotFoundException {
    Path dir = Path.of(GeneratedContract.class.getResource("GeneratedContract.class").toURI()).getParent();
    List<Class<?>> types = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        String file = f.getFileName().toString();
        if (file.endsWith(".class") && !file.equals("package-info.class")) {
          Class<?> type = Class.forName(GeneratedContract.class.getPackageName() + "." + file.replace(".class", ""));
          if (Modifier.isPublic(type.getModifiers())) {
            types.add(type);
          }
        }
      }
    }
    return types;
  }

  private static Predicate<Member> named(String... names) {
    Set<String> set = Set.of(names);
    return m -> set.contains(m.getName());
  }

  private static List<Member> publicMembers(Class<?> type, Predicate<Member> keep) {
    List<Member> all = new ArrayList<>();
    all.addAll(Arrays.asList(type.getDeclaredConstructors()));
    all.addAll(Arrays.asList(type.getDeclaredMethods()));
    all.addAll(Arrays.asList(type.getDeclaredFields()));
    return all.stream()
        .filter(m -> Modifier.isPublic(m.getModifiers()) && !m.isSynthetic())
        .filter(m -> !(m instanceof Method method && method.isBridge()))
        .filter(keep)
        .toList();
  }

  private static String line(Member m) {
    StringBuilder b = new StringBuilder();
    if (Modifier.isStatic(m.getModifiers())) {
      b.append("static ");
    }
    if (Modifier.isAbstract(m.getModifiers())) {
      b.append("abstract ");
    }
    b.append(m.getDeclaringClass().getName()).append('#');
    if (m instanceof Field f) {
      return b.append(f.getName()).append(" : ").append(f.getType().getTypeName()).toString();
    }
    Executable e = (Executable) m;
    b.append(e instanceof Constructor<?> ? "<init>" : e.getName()).append('(');
    b.append(String.join(", ", Arrays.stream(e.getParameterTypes()).map(Class::getTypeName).toList()));
    b.append(") : ").append(e instanceof Method method ? method.getReturnType().getTypeName() : "void");
    return b.toString();
  }

  private static List<Class<?>> typesIn(Member m) {
    List<Class<?>> types = new ArrayList<>();
    if (m instanceof Field f) {
      types.add(f.getType());
    } else if (m instanceof Method method) {
      types.add(method.getReturnType());
      types.addAll(Arrays.asList(method.getParameterTypes()));
    } else {
      types.addAll(Arrays.asList(((Executable) m).getParameterTypes()));
    }
    return types;
  }

  /** Types of kwire named by the contract: a codec links against their names. */
  private static void addType(Set<String> lines, Class<?> type) {
    while (type.isArray()) {
      type = type.getComponentType();
    }
    if (type.getName().startsWith("io.kwire.")) {
      lines.add("type " + type.getName());
    }
  }
}
