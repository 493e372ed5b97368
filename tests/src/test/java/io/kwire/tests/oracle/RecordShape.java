package io.kwire.tests.oracle;

import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A kwire record class paired with the struct it encodes: each record component with its field
 * descriptor (matched by {@link FieldDescriptor#javaName()}), or marked as the component that keeps
 * unknown tagged fields. Reads components and calls the canonical constructor reflectively.
 */
public final class RecordShape {
  private static final Map<Class<?>, RecordShape> CACHE = new ConcurrentHashMap<>();

  /** One record component; {@code field} is null for the unknown-tagged-fields component. */
  public record Slot(RecordComponent component, FieldDescriptor field) {
    public boolean isUnknownTaggedFields() {
      return field == null;
    }

    public Type javaType() {
      return component.getGenericType();
    }
  }

  private final Class<?> recordClass;
  private final StructDescriptor struct;
  private final List<Slot> slots;
  private final Constructor<?> constructor;

  private RecordShape(Class<?> recordClass, StructDescriptor struct) {
    if (!recordClass.isRecord()) {
      throw new IllegalArgumentException(recordClass.getName() + " is not a record");
    }
    this.recordClass = recordClass;
    this.struct = struct;
    RecordComponent[] components = recordClass.getRecordComponents();
    List<Slot> list = new ArrayList<>();
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
      types[i] = c.getType();
      c.getAccessor().setAccessible(true);
      if (c.getType() == UnknownTaggedFields.class) {
        list.add(new Slot(c, null));
        continue;
      }
      FieldDescriptor field = fieldByJavaName(struct, c.getName());
      if (field == null) {
        throw new IllegalArgumentException("component " + recordClass.getSimpleName() + "." + c.getName()
            + " has no field in struct " + struct.name());
      }
      list.add(new Slot(c, field));
    }
    this.slots = List.copyOf(list);
    try {
      this.constructor = recordClass.getDeclaredConstructor(types);
      constructor.setAccessible(true);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("no canonical constructor on " + recordClass.getName(), e);
    }
  }

  public static RecordShape of(Class<?> recordClass, StructDescriptor struct) {
    RecordShape shape = CACHE.computeIfAbsent(recordClass, c -> new RecordShape(c, struct));
    if (!shape.struct.equals(struct)) {
      // One record class could in principle serve two structs; do not let the cache hide that.
      return new RecordShape(recordClass, struct);
    }
    return shape;
  }

  private static FieldDescriptor fieldByJavaName(StructDescriptor struct, String javaName) {
    for (FieldDescriptor f : struct.fields()) {
      if (f.javaName().equals(javaName)) {
        return f;
      }
    }
    return null;
  }

  public Class<?> recordClass() {
    return recordClass;
  }

  public StructDescriptor struct() {
    return struct;
  }

  public List<Slot> slots() {
    return slots;
  }

  public Object get(Object record, Slot slot) {
    try {
      return slot.component().getAccessor().invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read " + slot.component(), e);
    }
  }

  public Object construct(Object[] values) {
    try {
      return constructor.newInstance(values);
    } catch (InvocationTargetException e) {
      throw new IllegalArgumentException(recordClass.getSimpleName() + " rejected its values: " + e.getCause(),
          e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot construct " + recordClass.getName(), e);
    }
  }

  /** The record class of a struct or struct-array component type ({@code X} or {@code List<X>}). */
  public static Class<?> structClass(Type javaType) {
    return rawClass(elementTypeOrSelf(javaType));
  }

  /** {@code X} for {@code List<X>}; the type itself otherwise. */
  public static Type elementTypeOrSelf(Type javaType) {
    if (javaType instanceof ParameterizedType p && p.getRawType() == List.class) {
      return p.getActualTypeArguments()[0];
    }
    return javaType;
  }

  public static Class<?> rawClass(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    throw new IllegalArgumentException("unsupported type " + type);
  }
}
