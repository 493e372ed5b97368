package io.kwire.proxy.filter;

/**
 * Makes a {@link Filter} from its configuration: the service a filter jar provides (listed in its
 * {@code META-INF/services/io.kwire.proxy.filter.FilterFactory}), named on the command line
 * {@code kwire proxy --filter NAME[:CONFIG]}.
 */
public interface FilterFactory {
  /** The name {@code --filter} gives: short, lower case, for example {@code tenant}. */
  String name();

  /**
   * The filter {@code config} describes; {@code config} is the text after the first {@code :} of
   * {@code --filter}, empty when there is none. Filters of this module read it as {@code key=value}
   * pairs separated by commas ({@link FilterConfig}).
   *
   * @throws IllegalArgumentException if {@code config} is not one this factory understands (its
   *     message is shown to the user)
   */
  Filter create(String config);
}
