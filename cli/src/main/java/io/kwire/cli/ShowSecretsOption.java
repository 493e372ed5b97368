package io.kwire.cli;

import picocli.CommandLine.Option;

/** {@code --show-secrets}, for explain and decode. */
final class ShowSecretsOption {
  @Option(names = "--show-secrets", description = "Show secrets as they are: SASL bytes, SCRAM keys, token HMACs, "
      + "config values other than known non-password configs (hidden by default).")
  boolean showSecrets;
}
