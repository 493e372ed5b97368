package io.kwire.cli;

import picocli.CommandLine.Option;

/** {@code --show-secrets}, for explain and decode. */
final class ShowSecretsOption {
  @Option(names = "--show-secrets", description = "Show the values of fields declared secret (hidden by default).")
  boolean showSecrets;
}
