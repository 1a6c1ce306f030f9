using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// Creates an object through a constructor with parameters (positional records, immutable classes). Each parameter
/// takes the value of the member with the same name (case-insensitive), or its default when the input lacks it.
/// </summary>
internal sealed class ConstructorPlan<T>
{
    private readonly Func<object?[], T> _invoke;
    private readonly int[] _memberIndexes;
    private readonly object?[] _defaults;

    /// <param name="constructor">The constructor, for its parameters' defaults.</param>
    /// <param name="invoke">Calls it with one argument per parameter.</param>
    /// <param name="memberIndexes">Each parameter's member read index, or -1.</param>
    public ConstructorPlan(ConstructorInfo constructor, Func<object?[], T> invoke, int[] memberIndexes)
    {
        var parameters = constructor.GetParameters();
        _invoke = invoke;
        _memberIndexes = memberIndexes;
        _defaults = new object?[parameters.Length];
        for (int i = 0; i < parameters.Length; i++)
        {
            _defaults[i] = parameters[i].HasDefaultValue && parameters[i].DefaultValue is not DBNull
                ? parameters[i].DefaultValue
                : parameters[i].ParameterType.IsValueType && Nullable.GetUnderlyingType(parameters[i].ParameterType) is null
                    ? DefaultOf(parameters[i].ParameterType)
                    : null;
        }
    }

    // A value type's default, boxed; where reflection is off, null, which a generated constructor call takes as the default.
    private static object? DefaultOf(Type type) => ReflectionContracts.IsEnabled ? CreateDefault(type) : null;

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static object? CreateDefault(Type type) => Activator.CreateInstance(type);

    /// <summary>Calls the constructor with the values read (by member read index), defaults for the rest.</summary>
    public T Invoke(object?[] values, bool[] seen)
    {
        var arguments = new object?[_memberIndexes.Length];
        for (int i = 0; i < arguments.Length; i++)
        {
            int index = _memberIndexes[i];
            arguments[i] = index >= 0 && seen[index] ? values[index] : _defaults[i];
        }

        return _invoke(arguments);
    }
}
