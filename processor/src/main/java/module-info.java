/**
 * kwire's annotation processor. javac finds it on the processor path (or, as this module, on
 * {@code --processor-module-path}); none of its packages is an API.
 */
@SuppressWarnings("requires-automatic") // JavaPoet has no module descriptor, only an Automatic-Module-Name
module io.kwire.processor {
  requires java.compiler;
  requires io.kwire.annotations;
  requires io.kwire.runtime;
  requires io.kwire.spec;
  requires com.palantir.javapoet;
  requires static com.google.auto.service;

  provides javax.annotation.processing.Processor with io.kwire.processor.KwireProcessor;
}
