package io.kwire.runtime.generated;

/**
 * The version of the contract between generated code and this runtime: the members that generated
 * codecs and builders may call. Members are only added within a version; removing or changing one
 * needs a new version, so a codec compiled against version {@code n} links with every runtime that
 * still offers version {@code n}.
 */
public final class GeneratedContract {
  /** The version of the contract between generated code and this runtime. */
  public static final int VERSION = 5;

  private GeneratedContract() {}
}
