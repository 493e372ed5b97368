package io.kwire.tests.generated;

/** One version test that its context already decides, or one method no version reaches. */
record VersionFinding(String file, int line, String message) {
  @Override
  public String toString() {
    return file + ":" + line + ": " + message;
  }
}
