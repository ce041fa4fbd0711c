// hello-stdlib: a static Swift program using the standard library only.
print("hello", CommandLine.arguments.count)
