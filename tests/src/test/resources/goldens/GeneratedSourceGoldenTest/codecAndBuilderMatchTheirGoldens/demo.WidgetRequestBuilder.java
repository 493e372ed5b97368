package demo;

import io.kwire.runtime.MessageBuilder;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import javax.annotation.processing.Generated;

/**
 * Builds {@link WidgetRequest}, starting from the defaults its annotations declare.
 */
@Generated("io.kwire.processor.KwireProcessor")
public final class WidgetRequestBuilder implements MessageBuilder<WidgetRequest> {
  private short widgetId = (short) 0;

  private String label = "";

  private List<Integer> sizes = List.of();

  private List<WidgetRequest.Part> parts = List.of();

  private long epoch = -1L;

  private UnknownTaggedFields unknownTaggedFields = UnknownTaggedFields.EMPTY;

  /**
   * Starts from the declared defaults.
   */
  public WidgetRequestBuilder() {
  }

  /**
   * Starts from the values of {@code from}.
   */
  public WidgetRequestBuilder(WidgetRequest from) {
    this.widgetId = from.widgetId();
    this.label = from.label();
    this.sizes = from.sizes();
    this.parts = from.parts();
    this.epoch = from.epoch();
    this.unknownTaggedFields = from.unknownTaggedFields();
  }

  public WidgetRequestBuilder widgetId(short widgetId) {
    this.widgetId = widgetId;
    return this;
  }

  public WidgetRequestBuilder label(String label) {
    this.label = label;
    return this;
  }

  public WidgetRequestBuilder sizes(List<Integer> sizes) {
    this.sizes = sizes;
    return this;
  }

  public WidgetRequestBuilder parts(List<WidgetRequest.Part> parts) {
    this.parts = parts;
    return this;
  }

  public WidgetRequestBuilder epoch(long epoch) {
    this.epoch = epoch;
    return this;
  }

  public WidgetRequestBuilder unknownTaggedFields(UnknownTaggedFields unknownTaggedFields) {
    this.unknownTaggedFields = unknownTaggedFields;
    return this;
  }

  @Override
  public WidgetRequest build() {
    return new WidgetRequest(widgetId, label, sizes, parts, epoch, unknownTaggedFields);
  }

  /**
   * Builds {@link WidgetRequest.Part}, starting from the defaults its annotations declare.
   */
  public static final class PartBuilder implements MessageBuilder<WidgetRequest.Part> {
    private int partId = 0;

    /**
     * Starts from the declared defaults.
     */
    public PartBuilder() {
    }

    /**
     * Starts from the values of {@code from}.
     */
    public PartBuilder(WidgetRequest.Part from) {
      this.partId = from.partId();
    }

    public PartBuilder partId(int partId) {
      this.partId = partId;
      return this;
    }

    @Override
    public WidgetRequest.Part build() {
      return new WidgetRequest.Part(partId);
    }
  }
}
