package com.example.echo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.greet.GreetRequest;
import com.example.greet.GreetRequestBuilder;
import com.example.greet.GreetResponse;
import com.example.greet.GreetServer;
import io.kwire.net.KwireClient;
import io.kwire.net.KwireServer;
import io.kwire.runtime.Frames;
import io.kwire.runtime.meta.VersionRange;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The project's own APIs over TCP: kwire-net serves them and calls them, as a user's program would. */
class EchoAppTest {
  @Test
  void theOneFileExampleAnswers() {
    assertEquals("HELLO", EchoApp.shout("hello"));
  }

  /** What README.md's "Your own API, served and called" says the program prints. */
  @Test
  void theMainPrintsWhatTheReadmeSays() {
    assertEquals("HELLO" + System.lineSeparator(), printedBy());
    assertEquals("KAFKA" + System.lineSeparator(), printedBy("kafka"));
  }

  private static String printedBy(String... args) {
    PrintStream console = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      EchoApp.main(args);
    } finally {
      System.setOut(console);
    }
    return printed.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theGreetApiIsServedWithTheFrameHandlerOfGreetServer() {
    GreetServer frames = new GreetServer();
    try (KwireServer server = KwireServer.builder()
            .handle(GreetRequest.class, GreetResponse.class, (request, context) -> {
              // The handler gets the record; GreetServer works on frames, so it is framed for it here.
              byte[] frame = Frames.encodeRequest(context.header(), com.example.greet.GreetRequestCodec.INSTANCE, request);
              return Frames.decodeResponse(frames.handle(frame), com.example.greet.GreetResponseCodec.INSTANCE,
                  context.apiVersion()).body();
            })
            .start(new InetSocketAddress("127.0.0.1", 0));
        KwireClient client = KwireClient.connect(server.localAddress())) {
      assertEquals(VersionRange.of(0, 1), client.versions().common(10000));
      GreetRequest request = new GreetRequestBuilder().greeting("hi").times(1)
          .people(List.of(new GreetRequestBuilder.PersonBuilder().name("Ada").build())).build();

      GreetResponse response = client.send(request, GreetResponse.class).join();

      assertEquals("hi Ada!", response.greetings().get(0).text());
    }
  }
}
