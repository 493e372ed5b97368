package io.kwire.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;

/**
 * SIGHUP, for {@code kwire proxy --config}'s reload. The JDK's only handle on signals is
 * {@code sun.misc.Signal} (module jdk.unsupported); it is reached by name, as javac warns about every
 * direct use of it and the build treats warnings as errors. Where there is no such signal (Windows)
 * or no such class, nothing is installed and {@code POST /reload} is the way.
 */
final class Sighup {
  private Sighup() {}

  /** Runs {@code action} on each SIGHUP; false when it cannot be installed here. */
  static boolean onEach(Runnable action) {
    try {
      Class<?> signal = Class.forName("sun.misc.Signal");
      Class<?> handler = Class.forName("sun.misc.SignalHandler");
      InvocationHandler call = (proxy, method, args) -> switch (method.getName()) {
        case "handle" -> {
          action.run();
          yield null;
        }
        case "hashCode" -> System.identityHashCode(proxy);
        case "equals" -> proxy == args[0];
        default -> "kwire SIGHUP handler";
      };
      Object onHup = Proxy.newProxyInstance(Sighup.class.getClassLoader(), new Class<?>[] {handler}, call);
      signal.getMethod("handle", signal, handler).invoke(null, signal.getConstructor(String.class).newInstance("HUP"),
          onHup);
      return true;
    } catch (ReflectiveOperationException | IllegalArgumentException | LinkageError e) {
      return false;
    }
  }
}
