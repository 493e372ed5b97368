package com.example.echo;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.net.KwireClient;
import io.kwire.net.KwireServer;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.net.InetSocketAddress;

/** An API of our own (key 10001), served by a kwire-net server and called by a kwire-net client, in one file. */
public final class EchoApp {
  @ApiKey(value = 10001, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
  public record EchoRequest(@Field(versions = "0+") String text, UnknownTaggedFields unknownTaggedFields) {}

  @ApiKey(value = 10001, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
  public record EchoResponse(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+") String text,
      UnknownTaggedFields unknownTaggedFields) {}

  public static void main(String[] args) {
    System.out.println(shout(args.length > 0 ? args[0] : "hello")); // prints HELLO
  }

  /** Starts a server on a free port, calls it once, and stops it. */
  public static String shout(String text) {
    try (KwireServer server = KwireServer.builder()
            .handle(EchoRequest.class, (request, context) ->
                new EchoResponse((short) 0, request.text().toUpperCase(), UnknownTaggedFields.EMPTY))
            .start(new InetSocketAddress("127.0.0.1", 0));
        KwireClient client = KwireClient.connect(server.localAddress())) {
      EchoResponse response = client.send(new EchoRequest(text, UnknownTaggedFields.EMPTY), EchoResponse.class).join();
      return response.text();
    }
  }

  private EchoApp() {}
}
