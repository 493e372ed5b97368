package io.kwire.cli;

import picocli.CommandLine.Option;

/**
 * {@code -h/--help} for subcommands. Not picocli's standard help mixin: that one also claims
 * {@code --version}, which {@code explain} and {@code sample} use for the API version.
 */
final class HelpOption {
  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean help;
}
