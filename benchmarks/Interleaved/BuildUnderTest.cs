using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.Loader;

namespace FastFormatters.Benchmarks.Interleaved;

/// <summary>
/// One side of a comparison: a build of benchmarks/Micro (its output folder), loaded with its own copies of
/// FastFormatters, MessagePack-CSharp and BenchmarkDotNet into an <see cref="AssemblyLoadContext"/> of its own. The
/// shared framework stays in the default context, so both sides run on the same runtime and ASP.NET Core.
/// </summary>
internal sealed class BuildUnderTest
{
    private const string MicroAssembly = "FastFormatters.Benchmarks";

    private readonly Assembly _micro;

    public BuildUnderTest(string name, string folder)
    {
        Name = name;
        string path = Path.Combine(Path.GetFullPath(folder), MicroAssembly + ".dll");
        if (!File.Exists(path))
        {
            throw new ArgumentException($"{name}: no {MicroAssembly}.dll in {folder} (build benchmarks/Micro there first)");
        }

        var context = new IsolatedContext(name, path);
        _micro = context.LoadFromAssemblyPath(path);
    }

    /// <summary>"base" or "head".</summary>
    public string Name { get; }

    /// <summary>
    /// A new instance of the benchmark class with the case's parameters set and its global setup run, and a call of
    /// the case's method <paramref name="calls"/> times over.
    /// </summary>
    public Action<int> Prepare(BenchmarkCase benchmarkCase, out Action cleanup)
    {
        Type type = _micro.GetTypes().SingleOrDefault(candidate => candidate.Name == benchmarkCase.TypeName && !candidate.IsAbstract)
            ?? throw new ArgumentException($"{Name}: no benchmark class {benchmarkCase.TypeName}");
        MethodInfo method = type.GetMethod(benchmarkCase.MethodName, BindingFlags.Public | BindingFlags.Instance, Type.EmptyTypes)
            ?? throw new ArgumentException($"{Name}: {type.Name} has no public parameterless method {benchmarkCase.MethodName}");
        bool returnsTask = typeof(Task).IsAssignableFrom(method.ReturnType);
        if (method.ReturnType.Name.StartsWith("ValueTask", StringComparison.Ordinal))
        {
            throw new ArgumentException($"{Name}: {type.Name}.{method.Name} returns a ValueTask; interleaved benchmarks return a value, nothing, or a Task");
        }

        object instance = Activator.CreateInstance(type)!;
        foreach ((string property, string value) in benchmarkCase.Parameters)
        {
            PropertyInfo info = type.GetProperty(property)
                ?? throw new ArgumentException($"{Name}: {type.Name} has no parameter {property}");
            info.SetValue(instance, Convert.ChangeType(value, info.PropertyType, System.Globalization.CultureInfo.InvariantCulture));
        }

        foreach (MethodInfo setup in Marked(type, "GlobalSetupAttribute"))
        {
            setup.Invoke(instance, null);
        }

        MethodInfo[] cleanups = Marked(type, "GlobalCleanupAttribute");
        cleanup = () =>
        {
            foreach (MethodInfo method in cleanups)
            {
                method.Invoke(instance, null);
            }
        };

        // for (i = 0; i < calls; i++) instance.Method(); compiled, so a call costs what a direct one does. A Task is
        // waited for, on this thread when it has not already completed (the shared framework's Task is both sides' type).
        Expression call = Expression.Call(Expression.Constant(instance), method);
        if (returnsTask)
        {
            call = Expression.Call(typeof(BuildUnderTest).GetMethod(nameof(Wait), BindingFlags.NonPublic | BindingFlags.Static)!, call);
        }

        ParameterExpression calls = Expression.Parameter(typeof(int), "calls");
        ParameterExpression i = Expression.Variable(typeof(int), "i");
        LabelTarget done = Expression.Label("done");
        Expression loop = Expression.Block(
            [i],
            Expression.Assign(i, Expression.Constant(0)),
            Expression.Loop(
                Expression.IfThenElse(
                    Expression.LessThan(i, calls),
                    Expression.Block(call, Expression.PostIncrementAssign(i)),
                    Expression.Break(done)),
                done));
        return Expression.Lambda<Action<int>>(loop, calls).Compile();
    }

    private static void Wait(Task task)
    {
        if (!task.IsCompletedSuccessfully)
        {
            task.GetAwaiter().GetResult();
        }
    }

    // BenchmarkDotNet's attributes come from this side's own copy of its assembly: matched by name, not by type.
    private static MethodInfo[] Marked(Type type, string attributeName) =>
        type.GetMethods(BindingFlags.Public | BindingFlags.Instance)
            .Where(method => method.GetCustomAttributesData().Any(attribute => attribute.AttributeType.Name == attributeName))
            .ToArray();

    private sealed class IsolatedContext(string name, string mainAssembly) : AssemblyLoadContext(name)
    {
        private readonly AssemblyDependencyResolver _resolver = new(mainAssembly);

        // What the build's deps.json names comes from its folder; everything else (the shared framework) from the
        // default context.
        protected override Assembly? Load(AssemblyName assemblyName) =>
            _resolver.ResolveAssemblyToPath(assemblyName) is { } path ? LoadFromAssemblyPath(path) : null;

        protected override IntPtr LoadUnmanagedDll(string unmanagedDllName) =>
            _resolver.ResolveUnmanagedDllToPath(unmanagedDllName) is { } path ? LoadUnmanagedDllFromPath(path) : IntPtr.Zero;
    }
}
