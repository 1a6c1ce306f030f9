using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Reflection.Emit;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// The getter and setter of a property or field, emitted as a few instructions of IL each, as System.Text.Json's
/// reflection path makes them: compiling an expression tree for each accessor made the first response of a model of a
/// hundred members about a tenth slower, for the same code. Each method takes an unused first parameter and its
/// delegate is closed over null, which calls it as directly as an instance method (a delegate of a static method
/// goes through a thunk that shifts the arguments).
/// </summary>
internal static class ReflectedAccessors
{
    /// <summary>A delegate reading <paramref name="member"/> (a <see cref="PropertyInfo"/> or <see cref="FieldInfo"/> of type <typeparamref name="TValue"/>).</summary>
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public static Func<TOwner, TValue> Getter<TOwner, TValue>(MemberInfo member)
    {
        var method = new DynamicMethod("get_" + member.Name, typeof(TValue), [typeof(object), typeof(TOwner)], typeof(ReflectedAccessors).Module, skipVisibility: true);
        var il = method.GetILGenerator();

        // A struct's members are reached through its address; a class's through the reference itself.
        if (typeof(TOwner).IsValueType)
        {
            il.Emit(OpCodes.Ldarga_S, (byte)1);
        }
        else
        {
            il.Emit(OpCodes.Ldarg_1);
        }

        EmitAccess(il, member, reading: true);
        il.Emit(OpCodes.Ret);
        return (Func<TOwner, TValue>)method.CreateDelegate(typeof(Func<TOwner, TValue>), target: null);
    }

    /// <summary>A delegate assigning <paramref name="member"/> (a property with a setter, or a field that is not read-only).</summary>
    [RequiresDynamicCode(ReflectionContracts.Builds)]
    public static MemberSetter<TOwner, TValue> Setter<TOwner, TValue>(MemberInfo member)
    {
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

    private static void EmitAccess(ILGenerator il, MemberInfo member, bool reading)
    {
        switch (member)
        {
            case PropertyInfo property:
                var accessor = (reading ? property.GetGetMethod(nonPublic: true) : property.GetSetMethod(nonPublic: true))
                    ?? throw new InvalidOperationException($"{property.DeclaringType}.{property.Name} has no {(reading ? "getter" : "setter")}.");

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
