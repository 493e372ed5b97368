package io.kwire.proxy.filter;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Makes a filter from its command-line form {@code NAME_OR_CLASS[:CONFIG]} ({@code kwire proxy
 * --filter}): first the {@link FilterFactory} of that {@link FilterFactory#name() name} found by
 * {@link ServiceLoader} in the class loader, else the class of that name: a {@link FilterFactory}
 * (made with its no-argument constructor), or a {@link Filter} made with a {@code String}
 * constructor (given the config) or a no-argument one (when there is no config).
 */
public final class FilterLoader {
  private FilterLoader() {}

  /**
   * The filter {@code spec} names.
   *
   * @throws IllegalArgumentException if nothing of that name is found, or it cannot be made (the
   *     message says which and why, for the user)
   */
  public static Filter load(String spec, ClassLoader loader) {
    int colon = spec.indexOf(':');
    String name = colon < 0 ? spec : spec.substring(0, colon);
    String config = colon < 0 ? "" : spec.substring(colon + 1);
    if (name.isBlank()) {
      throw new IllegalArgumentException("--filter takes NAME[:CONFIG] or CLASS[:CONFIG], not '" + spec + "'");
    }
    List<String> names = new ArrayList<>();
    try {
      for (FilterFactory factory : ServiceLoader.load(FilterFactory.class, loader)) {
        if (factory.name().equals(name)) {
          return made(factory.create(config), name);
        }
        names.add(factory.name());
      }
    } catch (ServiceConfigurationError e) { // a jar listing a factory it lacks, or one that cannot be made
      throw new IllegalArgumentException("a filter jar is broken: " + e.getMessage(), e);
    }
    Class<?> type;
    try {
      type = Class.forName(name, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException("no filter named '" + name + "' (the filters found: "
          + (names.isEmpty() ? "none" : String.join(", ", names)) + ") and no class of that name");
    }
    try {
      if (FilterFactory.class.isAssignableFrom(type)) {
        return made(((FilterFactory) type.getConstructor().newInstance()).create(config), name);
      }
      if (Filter.class.isAssignableFrom(type)) {
        if (!config.isEmpty()) {
          return made((Filter) type.getConstructor(String.class).newInstance(config), name);
        }
        return made((Filter) type.getConstructor().newInstance(), name);
      }
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException("filter class " + name + " has no public constructor taking "
          + (config.isEmpty() ? "nothing" : "its configuration (a String)"));
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException("filter " + name + " refused its configuration: " + e.getCause().getMessage(),
          e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException("filter class " + name + " cannot be made: " + e);
    }
    throw new IllegalArgumentException("class " + name + " is neither a " + Filter.class.getName() + " nor a "
        + FilterFactory.class.getName());
  }

  private static Filter made(Filter filter, String name) {
    if (filter == null) {
      throw new IllegalArgumentException("filter " + name + " made nothing");
    }
    return filter;
  }
}
