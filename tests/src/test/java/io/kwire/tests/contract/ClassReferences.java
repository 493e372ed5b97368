package io.kwire.tests.contract;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one compiled class refers to, read from its constant pool (JDK 17 has no class-file API): the
 * members it calls or reads, and every type named in a class entry or a descriptor. This is what
 * the JVM links against, so it is exactly what a compiled codec needs from the runtime.
 */
final class ClassReferences {
  /** A member reference, in the notation of the contract list: {@code owner#name(params) : type}. */
  record Member(String owner, String name, String descriptor) {
    String signature() {
      if (descriptor.startsWith("(")) {
        int close = descriptor.indexOf(')');
        List<String> params = new ArrayList<>();
        int[] at = {1};
        while (at[0] < close) {
          params.add(javaType(descriptor, at));
        }
        at[0] = close + 1;
        return owner + "#" + name + "(" + String.join(", ", params) + ") : " + javaType(descriptor, at);
      }
      return owner + "#" + name + " : " + javaType(descriptor, new int[] {0});
    }
  }

  private static final Pattern TYPE_IN_DESCRIPTOR = Pattern.compile("L([\\w/$]+);");

  final List<Member> members = new ArrayList<>();
  final Set<String> types = new TreeSet<>();

  static ClassReferences read(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    Object[] pool = new Object[count];
    int[][] refs = new int[count][];
    byte[] tags = new byte[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      tags[i] = (byte) tag;
      switch (tag) {
        case 1 -> pool[i] = in.readUTF();
        case 3, 4 -> in.readInt();
        case 5, 6 -> {
          in.readLong();
          i++; // eight-byte constants take two slots
        }
        case 7, 8, 16, 19, 20 -> refs[i] = new int[] {in.readUnsignedShort()};
        case 9, 10, 11, 12, 17, 18 -> refs[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
        case 15 -> refs[i] = new int[] {in.readUnsignedByte(), in.readUnsignedShort()};
        default -> throw new IOException("unknown constant pool tag " + tag + " at " + i);
      }
    }
    ClassReferences result = new ClassReferences();
    for (int i = 1; i < count; i++) {
      switch (tags[i]) {
        case 7 -> result.addType((String) pool[refs[i][0]]);
        case 9, 10, 11 -> {
          String owner = (String) pool[refs[refs[i][0]][0]];
          int[] nameAndType = refs[refs[i][1]];
          result.addType(owner);
          result.members.add(new Member(owner.replace('/', '.'), (String) pool[nameAndType[0]], (String) pool[nameAndType[1]]));
        }
        case 1 -> {
          // Descriptors and signatures of the class's own fields and methods name types too.
          Matcher m = TYPE_IN_DESCRIPTOR.matcher((String) pool[i]);
          while (m.find()) {
            result.addType(m.group(1));
          }
        }
        default -> { }
      }
    }
    return result;
  }

  private void addType(String internalName) {
    String name = internalName;
    while (name.startsWith("[")) {
      name = name.substring(1);
    }
    if (name.startsWith("L") && name.endsWith(";")) {
      name = name.substring(1, name.length() - 1);
    }
    types.add(name.replace('/', '.'));
  }

  private static String javaType(String d, int[] at) {
    char c = d.charAt(at[0]++);
    return switch (c) {
      case 'B' -> "byte";
      case 'C' -> "char";
      case 'D' -> "double";
      case 'F' -> "float";
      case 'I' -> "int";
      case 'J' -> "long";
      case 'S' -> "short";
      case 'Z' -> "boolean";
      case 'V' -> "void";
      case '[' -> javaType(d, at) + "[]";
      case 'L' -> {
        int end = d.indexOf(';', at[0]);
        String name = d.substring(at[0], end).replace('/', '.');
        at[0] = end + 1;
        yield name;
      }
      default -> throw new IllegalArgumentException("bad descriptor " + d);
    };
  }
}
