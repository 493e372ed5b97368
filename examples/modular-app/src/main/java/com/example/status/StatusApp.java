package com.example.status;

import io.kwire.net.KwireClient;
import io.kwire.net.KwireServer;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.net.InetSocketAddress;

/** Serves and calls the status API over kwire-net, all on the module path. */
public final class StatusApp {
  public static void main(String[] args) {
    System.out.println(describeModules());
    System.out.println(ask(args.length > 0 ? args[0] : "orders"));
  }

  /** Which module this code and the registry's codecs came from: what the module path changes. */
  static String describeModules() {
    KwireRegistry registry = KwireRegistry.standard();
    return StatusApp.class.getModule().getName() + ": status codec from "
        + registry.request(10002).getClass().getModule().getName() + ", ApiVersions codec from "
        + registry.request(18).getClass().getModule().getName();
  }

  /** Starts a server on a free port, asks it once, and stops it. */
  static String ask(String service) {
    try (KwireServer server = KwireServer.builder()
            .handle(StatusRequest.class, (request, context) ->
                new StatusResponse((short) 0, request.service() + " is up", UnknownTaggedFields.EMPTY))
            .start(new InetSocketAddress("127.0.0.1", 0));
        KwireClient client = KwireClient.connect(server.localAddress())) {
      return client.send(new StatusRequest(service, UnknownTaggedFields.EMPTY), StatusResponse.class).join().status();
    }
  }

  private StatusApp() {}
}
