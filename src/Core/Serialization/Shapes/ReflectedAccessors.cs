using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using System.Reflection.Emit;

namespace FastFormatters.Serialization.Shapes;

/// <summary>
/// The delegates of the shapes <see cref="ReflectionShapeProvider"/> describes, made on first use so that only what a
/// contract uses is made: getters and setters emitted as a few instructions of IL each, as System.Text.Json's
/// reflection path makes them (compiling an expression tree for each accessor made the first response of a model of a
/// hundred members about a tenth slower, for the same code); constructors and creators compiled. Created only by the
/// reflection provider, where <see cref="ReflectionContracts.IsEnabled"/>: its constructor carries the requirements, so
/// its members do not repeat them.
/// </summary>
internal sealed class ReflectedAccessors
{
    private const string Justification = "ReflectedAccessors is created only by the reflection provider, whose constructor requires unreferenced and dynamic code.";

    private static readonly MethodInfo s_get = typeof(ConstructorArguments).GetMethod(nameof(ConstructorArguments.Get))!;

    [RequiresUnreferencedCode(ReflectionContracts.Builds)]
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public ReflectedAccessors()
    {
    }

    /// <summary>
    /// A delegate reading <paramref name="member"/> (a property or field of type <typeparamref name="TValue"/>), or null
    /// when it has no getter a contract may use: a public one, or any with <c>[JsonInclude]</c>.
    /// </summary>
    /// <remarks>
    /// The method takes an unused first parameter and its delegate is closed over null, which calls it as directly as an
    /// instance method (a delegate of a static method goes through a thunk that shifts the arguments).
    /// </remarks>
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public MemberGetter<TOwner, TValue>? Getter<TOwner, TValue>(MemberInfo member)
    {
        if (member is PropertyInfo property && Usable(property, property.GetGetMethod(nonPublic: true)) is null)
        {
            return null;
        }

        var method = new DynamicMethod("get_" + member.Name, typeof(TValue), [typeof(object), typeof(TOwner).MakeByRefType()], typeof(ReflectedAccessors).Module, skipVisibility: true);
        var il = method.GetILGenerator();

        // The owner comes by reference: a struct's members are reached through that address; a class's reference is
        // loaded from it.
        il.Emit(OpCodes.Ldarg_1);
        if (!typeof(TOwner).IsValueType)
        {
            il.Emit(OpCodes.Ldind_Ref);
        }

        EmitAccess(il, member, reading: true);
        il.Emit(OpCodes.Ret);
        return (MemberGetter<TOwner, TValue>)method.CreateDelegate(typeof(MemberGetter<TOwner, TValue>), target: null);
    }

    /// <summary>
    /// A delegate assigning <paramref name="member"/> (init-only properties too), or null when it has no setter a
    /// contract may use (a public one, or any with <c>[JsonInclude]</c>) or is a read-only field.
    /// </summary>
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public MemberSetter<TOwner, TValue>? Setter<TOwner, TValue>(MemberInfo member)
    {
        if (member is PropertyInfo property ? Usable(property, property.GetSetMethod(nonPublic: true)) is null : ((FieldInfo)member).IsInitOnly)
        {
            return null;
        }

        var method = new DynamicMethod("set_" + member.Name, typeof(void), [typeof(object), typeof(TOwner).MakeByRefType(), typeof(TValue)], typeof(ReflectedAccessors).Module, skipVisibility: true);
        var il = method.GetILGenerator();

        // The owner comes by reference: a struct is assigned in place; a class's reference is loaded from it.
        il.Emit(OpCodes.Ldarg_1);
        if (!typeof(TOwner).IsValueType)
        {
            il.Emit(OpCodes.Ldind_Ref);
        }

        il.Emit(OpCodes.Ldarg_2);
        EmitAccess(il, member, reading: false);
        il.Emit(OpCodes.Ret);
        return (MemberSetter<TOwner, TValue>)method.CreateDelegate(typeof(MemberSetter<TOwner, TValue>), target: null);
    }

    /// <summary>
    /// Calls <paramref name="constructor"/> with each parameter's argument, typed (<see cref="ConstructorArguments.Get{T}"/>),
    /// through a compiled expression.
    /// </summary>
    [UnconditionalSuppressMessage("Trimming", "IL2060", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public Func<ConstructorArguments, T> Invoker<T>(ConstructorInfo constructor)
    {
        var parameters = constructor.GetParameters();
        var arguments = Expression.Parameter(typeof(ConstructorArguments), "arguments");
        var values = new Expression[parameters.Length];
        for (int i = 0; i < parameters.Length; i++)
        {
            values[i] = Expression.Call(arguments, s_get.MakeGenericMethod(parameters[i].ParameterType), Expression.Constant(i));
        }

        return Expression.Lambda<Func<ConstructorArguments, T>>(Expression.New(constructor, values), arguments).Compile();
    }

    /// <summary>Creates an instance through the public parameterless constructor, or a struct's default.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2087", Justification = Justification)]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = Justification)]
    public Func<T> Creator<T>() => Expression.Lambda<Func<T>>(Expression.New(typeof(T))).Compile();

    // System.Text.Json uses a non-public accessor only of a member marked [JsonInclude]; the generator gives public ones.
    private static MethodInfo? Usable(PropertyInfo property, MethodInfo? accessor)
        => accessor is { IsPublic: true } || property.IsDefined(typeof(System.Text.Json.Serialization.JsonIncludeAttribute)) ? accessor : null;

    private static void EmitAccess(ILGenerator il, MemberInfo member, bool reading)
    {
        switch (member)
        {
            case PropertyInfo property:
                var accessor = (reading ? property.GetGetMethod(nonPublic: true) : property.GetSetMethod(nonPublic: true))!;

                // callvirt dispatches an overridden property; a struct's own methods are called on its address.
                il.Emit(accessor.DeclaringType!.IsValueType ? OpCodes.Call : OpCodes.Callvirt, accessor);
                break;
            case FieldInfo field:
                il.Emit(reading ? OpCodes.Ldfld : OpCodes.Stfld, field);
                break;
            default:
                throw new InvalidOperationException($"{member.DeclaringType}.{member.Name} is neither a property nor a field.");
        }
    }
}
