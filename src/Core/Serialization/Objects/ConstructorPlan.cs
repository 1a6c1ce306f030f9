using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
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

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public ConstructorPlan(ConstructorInfo constructor, int[] memberIndexes)
    {
        var parameters = constructor.GetParameters();
        _memberIndexes = memberIndexes;
        _defaults = new object?[parameters.Length];
        var arguments = Expression.Parameter(typeof(object?[]), "arguments");
        var converted = new Expression[parameters.Length];
        for (int i = 0; i < parameters.Length; i++)
        {
            var parameterType = parameters[i].ParameterType;
            _defaults[i] = parameters[i].HasDefaultValue && parameters[i].DefaultValue is not DBNull
                ? parameters[i].DefaultValue
                : parameterType.IsValueType && Nullable.GetUnderlyingType(parameterType) is null
                    ? Activator.CreateInstance(parameterType)
                    : null;
            converted[i] = Expression.Convert(Expression.ArrayIndex(arguments, Expression.Constant(i)), parameterType);
        }

        _invoke = Expression.Lambda<Func<object?[], T>>(Expression.New(constructor, converted), arguments).Compile();
    }

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
