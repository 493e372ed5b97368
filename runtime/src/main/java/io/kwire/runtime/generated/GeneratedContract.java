package io.kwire.runtime.generated;

/**
 * The version of the contract between generated code and this runtime: the members that generated
 * codecs and builders may call. Members are only added from {@link #OLDEST_VERSION} on; removing or
 * changing one needs a new version, so a codec compiled against version {@code n} links with every
 * runtime whose versions run from {@code OLDEST_VERSION <= n} to {@code VERSION >= n}.
 */
public final class GeneratedContract {
  /** The version of the contract between generated code and this runtime. */
  public static final int VERSION = 6;

  /**
   * The oldest version this runtime still offers. Version 6 broke with 1 to 5: the runtime's packages
   * were layered (issue 18), which moved types generated code names; codecs compiled against 1 to 5
   * must be regenerated.
   */
  public static final int OLDEST_VERSION = 6;

  private GeneratedContract() {}
}
