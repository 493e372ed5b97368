package io.kwire.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.kwire.json.KwireJsonException;
import io.kwire.runtime.wire.KwireException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The {@code kwire} command. Subcommands: {@code explain}, {@code sample}, {@code decode},
 * {@code encode} (JSON, through kwire-json), {@code apis}, {@code proxy} (kwire-proxy, on Netty),
 * {@code bridge} (the proxy translating old clients' requests for Kafka 4.x brokers, kwire-bridge),
 * {@code spec} and {@code records} (Kafka-format JSON specs out of the build, and records from specs), and
 * {@code capture} (the Kafka exchanges of a packet capture, kwire-capture).
 */
@Command(name = "kwire", mixinStandardHelpOptions = true, versionProvider = Kwire.Version.class,
    description = "Looks at Kafka wire-protocol frames.",
    subcommands = {ExplainCommand.class, SampleCommand.class, DecodeCommand.class, EncodeCommand.class,
        ApisCommand.class, ProxyCommand.class, FakeCommand.class,
        BridgeCommand.class, SpecCommand.class, RecordsCommand.class, CaptureCommand.class})
public final class Kwire implements Runnable {
  private final InputStream stdin;
  private final PrintStream stdout;
  private final boolean stderrIsTerminal;

  Kwire(InputStream stdin, PrintStream stdout, boolean stderrIsTerminal) {
    this.stdin = stdin;
    this.stdout = stdout;
    this.stderrIsTerminal = stderrIsTerminal;
  }

  /** Standard output as bytes, for raw frames and the --jsonl streams (picocli's writer is for text). */
  PrintStream stdout() {
    return stdout;
  }

  /** Whether progress may be drawn on stderr. */
  boolean stderrIsTerminal() {
    return stderrIsTerminal;
  }

  InputStream stdin() {
    return stdin;
  }

  @Spec
  CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "name a command: " + String.join(", ", spec.subcommands().keySet()) + " (kwire --help says what each does)");
  }

  public static void main(String[] args) {
    System.exit(run(args, System.in, System.out, System.err));
  }

  /** Runs one command line in this JVM; returns the exit code (0 ok, 1 bad input, 2 bad usage). */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    PrintWriter outWriter = new PrintWriter(out, true, StandardCharsets.UTF_8);
    PrintWriter errWriter = new PrintWriter(err, true, StandardCharsets.UTF_8);
    // Only the process's own stderr can be a terminal; a stream given by a caller (tests) never is.
    boolean terminal = err == System.err && Terminal.stderrIsTerminal();
    CommandLine cli = new CommandLine(new Kwire(in, out, terminal))
        .setOut(outWriter)
        .setErr(errWriter)
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setParameterExceptionHandler(Kwire::badUsage)
        .setExecutionExceptionHandler((e, commandLine, parsed) -> {
          commandLine.getErr().println("kwire: " + describe(e));
          if (System.getenv("KWIRE_DEBUG") != null) {
            e.printStackTrace(commandLine.getErr());
          }
          commandLine.getErr().flush();
          return 1;
        });
    int code = cli.execute(args);
    outWriter.flush();
    errWriter.flush();
    return code;
  }

  /**
   * Bad usage (an unknown option, a missing one, a value that does not parse): the reason in one line
   * and where to read more, not picocli's whole usage text; exit code 2.
   */
  static int badUsage(CommandLine.ParameterException e, String[] args) {
    CommandLine command = e.getCommandLine();
    PrintWriter err = command.getErr();
    String reason = e.getMessage();
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
      reason += " (did you mean " + String.join(" or ", unmatched.getSuggestions()) + "?)";
    }
    err.println("kwire: " + reason);
    if (!reason.contains("--help")) {
      err.println("try " + command.getCommandSpec().qualifiedName() + " --help");
    }
    err.flush();
    return command.getCommandSpec().exitCodeOnInvalidInput();
  }

  /** One line for the user; a stack trace only for what is kwire's fault, and only with KWIRE_DEBUG. */
  static String describe(Exception e) {
    if (e instanceof KwireException || e instanceof KwireJsonException || e instanceof IllegalArgumentException
        || e instanceof UsageException) {
      return e.getMessage();
    }
    if (e instanceof JsonProcessingException json) {
      return "not valid JSON: " + json.getOriginalMessage();
    }
    if (e instanceof UncheckedIOException io && io.getMessage().startsWith("cannot ")) {
      return io.getMessage(); // kwire's own wording, which names the stream
    }
    if (e instanceof IOException || e instanceof UncheckedIOException) {
      return "cannot read or write: " + e.getMessage();
    }
    return "internal error (" + e + "); set KWIRE_DEBUG=1 for the stack trace";
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Kwire.class.getPackage().getImplementationVersion();
      return new String[] {"kwire " + (v == null ? "(development build)" : v)};
    }
  }
}
