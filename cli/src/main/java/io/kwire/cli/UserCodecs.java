package io.kwire.cli;

import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.wire.CodecClashException;
import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * {@code --classpath} and {@code --replace}: the user's own codecs (records compiled with kwire's
 * processor, which registers them in {@code META-INF/services/io.kwire.runtime.MessageCodec}),
 * discovered beside Kafka's through the registry's ServiceLoader.
 */
final class UserCodecs {
  @Option(names = "--classpath", paramLabel = "PATH",
      description = "Jars or class directories with your own codecs (records compiled with kwire's processor), "
          + "separated by '${sys:path.separator}'; may be repeated.")
  List<String> classpath = new ArrayList<>();

  @Option(names = "--replace",
      description = "A codec of --classpath replaces the codec of kwire's Kafka APIs that has its API key and type.")
  boolean replace;

  KwireRegistry registry() {
    if (classpath.isEmpty()) {
      if (replace) {
        throw new UsageException("--replace needs --classpath: the codecs it lets replace Kafka's");
      }
      return explained(KwireRegistry::standard, null);
    }
    // Not closed: codec classes load further classes (builders, structs) as they are used.
    URLClassLoader loader = new URLClassLoader(urls(), Kwire.class.getClassLoader());
    return explained(() -> replace ? replacing(loader) : KwireRegistry.load(loader), loader);
  }

  /** Kafka's codecs, each displaced by a codec of the class path that claims its key and type or its record. */
  private static KwireRegistry replacing(URLClassLoader loader) {
    KwireRegistry.Builder builder = KwireRegistry.builder().addDiscovered(Kwire.class.getClassLoader());
    for (MessageCodec<?> codec : ServiceLoader.load(MessageCodec.class, loader)) {
      if (codec.getClass().getClassLoader() == loader) {
        builder.replace(codec);
      }
    }
    return builder.build();
  }

  private URL[] urls() {
    List<URL> urls = new ArrayList<>();
    for (Path path : entries(classpath)) {
      try {
        urls.add(path.toUri().toURL());
      } catch (MalformedURLException e) {
        throw new UsageException("--classpath: " + path + " is not a usable path (" + e.getMessage() + ")");
      }
    }
    return urls.toArray(URL[]::new);
  }

  /**
   * The entries of {@code --classpath} options, each a class path as the JVM spells it
   * ({@code a.jar:classes}): jars or class directories that exist, or a one-line usage error.
   */
  static List<Path> entries(List<String> options) {
    return entries("--classpath", options);
  }

  /** {@link #entries(List)} for the path option {@code option} ({@code --filter-path}), named in its errors. */
  static List<Path> entries(String option, List<String> options) {
    List<Path> paths = new ArrayList<>();
    for (String value : options) {
      for (String entry : value.split(File.pathSeparator)) {
        if (entry.isEmpty()) {
          continue;
        }
        Path path = Path.of(entry);
        if (!Files.exists(path)) {
          throw new UsageException(option + ": " + entry + " does not exist");
        }
        if (!Files.isDirectory(path) && !entry.endsWith(".jar")) {
          throw new UsageException(option + ": " + entry + " is neither a jar nor a directory of classes");
        }
        paths.add(path);
      }
    }
    return paths;
  }

  /** The registry, or a one-line error saying which codec clashes with which, and what to do. */
  private static KwireRegistry explained(Supplier<KwireRegistry> discovery, ClassLoader user) {
    try {
      return discovery.get();
    } catch (CodecClashException clash) {
      throw new UsageException(describe(clash, user));
    } catch (ServiceConfigurationError e) {
      throw new UsageException("cannot load the codecs" + (user == null ? "" : " of --classpath") + ": "
          + e.getMessage());
    }
  }

  private static String describe(CodecClashException clash, ClassLoader user) {
    List<String> codecs = clash.codecClasses();
    String first = codecs.get(0);
    String second = codecs.get(1);
    if (user != null && isUsers(first, user) != isUsers(second, user)) {
      String users = isUsers(first, user) ? first : second;
      String kwires = isUsers(first, user) ? second : first;
      return "--classpath: " + users + " claims " + clash.claim() + ", which kwire's " + kwires
          + " already has; give your API another key, or add --replace to use yours instead";
    }
    String where = user == null ? "on kwire's class path" : "on --classpath";
    return "two codecs " + where + " claim " + clash.claim() + ": " + first + " and " + second + "; remove one";
  }

  private static boolean isUsers(String className, ClassLoader user) {
    try {
      return Class.forName(className, false, user).getClassLoader() == user;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
