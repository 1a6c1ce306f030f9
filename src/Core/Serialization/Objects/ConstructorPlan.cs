using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// Creates an object through a constructor with parameters (positional records, immutable classes). Each parameter
/// takes the value of the member with the same name (case-insensitive), or its default when the input lacks it.
/// </summary>
internal sealed class ConstructorPlan<T>
{
    private readonly Func<ConstructorArguments, T> _invoke;
    private readonly ArgumentLayout _layout;

    /// <param name="constructor">The constructor, for its parameters' types and defaults.</param>
    /// <param name="invoke">Calls it with one argument per parameter.</param>
    /// <param name="memberIndexes">Each parameter's member read index, or -1.</param>
    /// <param name="readMembers">The contract's read members, whose values the arguments keep until the call.</param>
    public ConstructorPlan(ConstructorInfo constructor, Func<ConstructorArguments, T> invoke, int[] memberIndexes, IReadOnlyList<ObjectMember<T>> readMembers)
    {
        var parameters = constructor.GetParameters();
        _invoke = invoke;
        var defaults = new object?[parameters.Length];
        for (int i = 0; i < parameters.Length; i++)
        {
            defaults[i] = parameters[i].HasDefaultValue && parameters[i].DefaultValue is not DBNull
                ? parameters[i].DefaultValue
                : parameters[i].ParameterType.IsValueType && Nullable.GetUnderlyingType(parameters[i].ParameterType) is null
                    ? DefaultOf(parameters[i].ParameterType)
                    : null;
        }

        _layout = ArgumentLayout.Create(readMembers, parameters, memberIndexes, defaults);
    }

    // A value type's default, boxed; where reflection is off, null, which the arguments give as the type's default.
    private static object? DefaultOf(Type type) => ReflectionContracts.IsEnabled ? CreateDefault(type) : null;

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    private static object? CreateDefault(Type type) => Activator.CreateInstance(type);

    /// <summary>Where one read keeps the values for the call.</summary>
    public ConstructorArguments CreateArguments() => new(_layout);

    /// <summary>Calls the constructor with the values read, defaults for the rest.</summary>
    public T Invoke(ConstructorArguments arguments) => _invoke(arguments);
}
