package io.kwire.cli;

import picocli.CommandLine.Option;

/**
 * {@code -h/--help}. Not picocli's standard help mixin: that one also claims {@code --version},
 * which the commands use for the API version.
 */
final class HelpOption {
  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean help;
}
