using System.Reflection;

namespace FastFormatters.Serialization.Contracts;

/// <summary>Whether a property or field can be read and assigned from outside its type.</summary>
internal static class MemberAccess
{
    public static (bool CanGet, bool CanSet) Of(MemberInfo member) => member switch
    {
        PropertyInfo property => (property.GetGetMethod() is not null, property.GetSetMethod() is not null),
        FieldInfo field => (true, !field.IsInitOnly),
        _ => throw new ArgumentException($"{member} is neither a property nor a field.", nameof(member)),
    };

    public static Type ValueType(MemberInfo member) => member switch
    {
        PropertyInfo property => property.PropertyType,
        FieldInfo field => field.FieldType,
        _ => throw new ArgumentException($"{member} is neither a property nor a field.", nameof(member)),
    };
}
