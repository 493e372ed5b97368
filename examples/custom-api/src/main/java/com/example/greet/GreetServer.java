package com.example.greet;

import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import java.util.ArrayList;
import java.util.List;

/** The server's side of the API: reads a request frame, answers with a response frame. */
public final class GreetServer {
  private final KwireRegistry registry = KwireRegistry.standard();

  public byte[] handle(byte[] requestFrame) {
    DecodedRequest<?> decoded = Frames.decodeRequest(requestFrame, registry);  // finds GreetRequestCodec by api key
    RequestHeader header = decoded.header();
    GreetRequest request = (GreetRequest) decoded.body();

    List<GreetResponse.Greeting> greetings = new ArrayList<>();
    for (GreetRequest.Person person : request.people()) {
      String text = (request.greeting() + " " + person.name() + "! ").repeat(request.times()).trim();
      greetings.add(new GreetResponseBuilder.GreetingBuilder().person(person.name()).text(text).build());
    }
    GreetResponse response = new GreetResponseBuilder().greetings(greetings).build();

    // The response is written in the request's version, under the request's correlation id.
    return Frames.encodeResponse(new ResponseHeader(header.correlationId()),
        GreetResponseCodec.INSTANCE, header.requestApiVersion(), response);
  }
}
