using System.ComponentModel;
using System.Reflection;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// A public constructor: the contract chooses among them as by reflection (a marked one, or the rule of the contract),
/// binds each parameter to the member of the same name, and calls <see cref="Invoke"/> with the values (null for a
/// parameter the input lacks and that has no default: the invoker passes the parameter type's default then).
/// </summary>
/// <typeparam name="T">The type it creates.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class ConstructorShape<T>
{
    // Set where reflection describes the constructor: its invoker is compiled when a contract first reads through it.
    private readonly ReflectedAccessors? _reflected;
    private Func<ConstructorArguments, T>? _invoke;

    /// <summary>Describes a constructor.</summary>
    /// <param name="constructor">The constructor, for its parameters' names, types, defaults and attributes.</param>
    /// <param name="invoke">Calls it with each parameter's argument (<see cref="ConstructorArguments.Get{T}"/>), in order.</param>
    public ConstructorShape(ConstructorInfo constructor, Func<ConstructorArguments, T> invoke)
    {
        ArgumentNullException.ThrowIfNull(constructor);
        ArgumentNullException.ThrowIfNull(invoke);
        Constructor = constructor;
        _invoke = invoke;
    }

    /// <summary>Describes a constructor by reflection (<see cref="ReflectionShapeProvider"/>).</summary>
    internal ConstructorShape(ConstructorInfo constructor, ReflectedAccessors reflected)
    {
        Constructor = constructor;
        _reflected = reflected;
    }

    /// <summary>The constructor.</summary>
    public ConstructorInfo Constructor { get; }

    /// <summary>Calls the constructor with each parameter's argument, in order.</summary>
    public Func<ConstructorArguments, T> Invoke => _invoke ??= _reflected!.Invoker<T>(Constructor);
}
